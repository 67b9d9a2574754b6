// SPDX-License-Identifier: MIT
//
// build.rs - tells u8child which rustc built it.
//
// Rust's standard library is compiled into the program and has no version
// to ask for at run time, so the compiler's own answer to --version, read
// here at build time, is the version of what is judged.
use std::env;
use std::process::Command;

fn main() {
    let rustc = env::var("RUSTC").unwrap_or_else(|_| "rustc".to_string());
    let said = Command::new(&rustc)
        .arg("--version")
        .output()
        .map(|o| String::from_utf8_lossy(&o.stdout).into_owned())
        .unwrap_or_default();
    // "rustc 1.95.0 (59807616e 2026-04-14)": the second word.
    let version = said.split_whitespace().nth(1).unwrap_or("unknown");
    println!("cargo:rustc-env=U8CHILD_RUSTC_VERSION={version}");
}
