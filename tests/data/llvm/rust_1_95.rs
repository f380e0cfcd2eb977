// Input for tests/test_llvm_today.c: a match with shared arms, a loop, a drop on unwind.
pub struct Guard(pub u32);
impl Drop for Guard {
    fn drop(&mut self) { unsafe { sink(self.0) } }
}
extern "C" {
    fn sink(x: u32);
}
extern "C-unwind" {
    fn may_throw(x: u32) -> u32;
}

#[no_mangle]
pub fn classify(x: u32) -> u32 {
    match x {
        1 | 3 => 10,
        2 => 20,
        7 => 10,
        _ => 0,
    }
}

#[no_mangle]
pub fn sum_to(n: u32) -> u32 {
    let mut s = 0u32;
    let mut i = 0u32;
    while i < n {
        s = s.wrapping_add(i);
        i += 1;
    }
    s
}

#[no_mangle]
pub fn guarded(x: u32) -> u32 {
    let _g = Guard(x);
    unsafe { may_throw(x) }
}
