//! u8t_ exports over Rust's standard library: `String::from_utf8_lossy`
//! and `std::str::from_utf8`.  To test your crate, call it in the two
//! marked lines.
use std::slice;

/// # Safety
/// u8conform passes n readable bytes at s and room for cap values at out.
#[no_mangle]
pub unsafe extern "C" fn u8t_decode(s: *const u8, n: usize, out: *mut u32, cap: usize) -> usize {
    let input = if n == 0 { &[][..] } else { slice::from_raw_parts(s, n) };
    let text = String::from_utf8_lossy(input); // change: your decoder
    let mut k = 0;
    for c in text.chars() {
        if k < cap {
            *out.add(k) = c as u32;
        }
        k += 1;
    }
    k
}

/// # Safety
/// u8conform passes n readable bytes at s; err is NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn u8t_validate(s: *const u8, n: usize, err: *mut usize) -> i32 {
    let input = if n == 0 { &[][..] } else { slice::from_raw_parts(s, n) };
    match std::str::from_utf8(input) { // change: your validator
        Ok(_) => 1,
        Err(e) => {
            if !err.is_null() {
                *err = e.valid_up_to();
            }
            0
        }
    }
}
