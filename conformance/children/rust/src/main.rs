// SPDX-License-Identifier: MIT
//
// main.rs - Rust's standard UTF-8 decoding as a u8conform --exec child.
//
// Speaks conformance/PROTOCOL.md on stdin/stdout; the one argument picks
// the variant (only `lossy` for now).  Every answer comes from the standard
// library: from_utf8_lossy, str::from_utf8 and its Utf8Error, and
// char::from_u32.  std has no incremental decoder, so stream is not
// declared.
use std::io::{self, Read, Write};

// Function numbers, PROTOCOL.md "Batches".
const DECODE: u8 = 0;
const VALIDATE: u8 = 1;
const NEXT: u8 = 2;
const ENCODE: u8 = 3;
const FUNCTIONS: u32 = 1 << DECODE | 1 << VALIDATE | 1 << NEXT | 1 << ENCODE;
const NOT_KNOWN: u32 = u32::MAX;

const NAME: &str = "Rust std String::from_utf8_lossy";
const VERSION: &str = env!("U8CHILD_RUSTC_VERSION");

/// Takes u32s and byte strings off a frame's payload.
struct Reader<'a> {
    p: &'a [u8],
    at: usize,
}

impl<'a> Reader<'a> {
    fn u8(&mut self) -> u8 {
        self.at += 1;
        self.p[self.at - 1]
    }

    fn u32(&mut self) -> u32 {
        let v = u32::from_le_bytes(self.p[self.at..self.at + 4].try_into().unwrap());
        self.at += 4;
        v
    }

    fn bytes(&mut self) -> &'a [u8] {
        let n = self.u32() as usize;
        self.at += n;
        &self.p[self.at - n..self.at]
    }
}

fn put(out: &mut Vec<u8>, v: u32) {
    out.extend_from_slice(&v.to_le_bytes());
}

fn decode(out: &mut Vec<u8>, b: &[u8]) {
    let s = String::from_utf8_lossy(b);
    put(out, s.chars().count() as u32);
    for c in s.chars() {
        put(out, c as u32);
    }
}

fn validate(out: &mut Vec<u8>, b: &[u8]) {
    let (valid, offset) = match std::str::from_utf8(b) {
        Ok(_) => (1, NOT_KNOWN),
        // valid_up_to is where the first ill-formed sequence starts.
        Err(e) => (0, e.valid_up_to() as u32),
    };
    put(out, valid);
    put(out, offset);
}

/// One character at the start of b, as from_utf8 reads it: its value and
/// length, or NOT_KNOWN and the length error_len gives.  Four bytes hold
/// any character, so the window keeps each call short.
fn next_char(b: &[u8]) -> (u32, usize) {
    let window = &b[..b.len().min(4)];
    let valid = match std::str::from_utf8(window) {
        Ok(s) => s,
        Err(e) if e.valid_up_to() > 0 => std::str::from_utf8(&window[..e.valid_up_to()]).unwrap(),
        // None: the input ended inside a sequence, all of which is the error.
        Err(e) => return (NOT_KNOWN, e.error_len().unwrap_or(window.len())),
    };
    let c = valid.chars().next().unwrap();
    (c as u32, c.len_utf8())
}

/// The steps of PROTOCOL.md's walk; next_char never gives length 0.
fn next(out: &mut Vec<u8>, b: &[u8]) {
    let mut steps = Vec::new();
    let mut at = 0;
    while at < b.len() {
        let (value, len) = next_char(&b[at..]);
        steps.push((value, len as u32));
        at += len;
    }
    put(out, steps.len() as u32);
    for (value, len) in steps {
        put(out, value);
        put(out, len);
    }
}

fn encode(out: &mut Vec<u8>, cp: u32) {
    // from_u32 refuses surrogates and values past U+10FFFF.
    let mut buf = [0u8; 4];
    let b: &[u8] = match char::from_u32(cp) {
        Some(c) => c.encode_utf8(&mut buf).as_bytes(),
        None => &[],
    };
    put(out, b.len() as u32);
    out.extend_from_slice(b);
}

fn batch(p: &[u8], out: &mut Vec<u8>) -> Result<(), String> {
    let mut r = Reader { p, at: 1 };
    let count = r.u32();
    out.push(b'R');
    put(out, count);
    for _ in 0..count {
        match r.u8() {
            DECODE => decode(out, r.bytes()),
            VALIDATE => validate(out, r.bytes()),
            NEXT => next(out, r.bytes()),
            ENCODE => encode(out, r.u32()),
            fn_ => return Err(format!("function {fn_} was not declared")),
        }
    }
    Ok(())
}

fn hello(out: &mut Vec<u8>) {
    out.push(b'H');
    for v in [1, FUNCTIONS, 0] {
        put(out, v);
    }
    for text in [NAME, VERSION] {
        put(out, text.len() as u32);
        out.extend_from_slice(text.as_bytes());
    }
}

/// Fills buf, or returns false at the end of stdin before its first byte.
fn read_frame_part(input: &mut impl Read, buf: &mut [u8]) -> Result<bool, String> {
    let mut got = 0;
    while got < buf.len() {
        match input.read(&mut buf[got..]) {
            Ok(0) if got == 0 => return Ok(false),
            Ok(0) => return Err("stdin ended inside a frame".into()),
            Ok(n) => got += n,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
            Err(e) => return Err(e.to_string()),
        }
    }
    Ok(true)
}

fn run() -> Result<(), String> {
    let mut input = io::stdin().lock();
    let mut output = io::stdout().lock();
    loop {
        let mut head = [0u8; 4];
        if !read_frame_part(&mut input, &mut head)? {
            return Ok(()); // the end of stdin is the end of the run
        }
        let mut p = vec![0u8; u32::from_le_bytes(head) as usize];
        if !read_frame_part(&mut input, &mut p)? {
            return Err("stdin ended inside a frame".into());
        }
        // The 4 bytes kept at the front become the frame's size.
        let mut frame = vec![0u8; 4];
        if p == b"Hu8x1" {
            hello(&mut frame);
        } else if p.len() >= 5 && p[0] == b'B' {
            batch(&p, &mut frame)?;
        } else {
            return Err(format!("unexpected frame of {} bytes", p.len()));
        }
        let size = (frame.len() - 4) as u32;
        frame[..4].copy_from_slice(&size.to_le_bytes());
        output.write_all(&frame).map_err(|e| e.to_string())?;
        output.flush().map_err(|e| e.to_string())?;
    }
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    if args.len() != 2 || args[1] != "lossy" {
        eprintln!("usage: u8child lossy");
        std::process::exit(1);
    }
    if let Err(e) = run() {
        eprintln!("u8child: {e}");
        std::process::exit(1);
    }
}
