; Placement parity (tests/test_llvm_parity.c): functions where LLVM's mem2reg folds a phi that
; pruned placement puts, functions where it must not, and one it must not touch (optnone).
; Unnamed values on purpose, as clang writes them by default: variables and blocks are then
; known by slot number.

; The same constant on both branches: the phi at the join is phi(1, 1), folded.
define i32 @same_constant(i1 %0) {
  %2 = alloca i32, align 4
  br i1 %0, label %3, label %4

3:
  store i32 1, ptr %2, align 4
  br label %5

4:
  store i32 1, ptr %2, align 4
  br label %5

5:
  %6 = load i32, ptr %2, align 4
  ret i32 %6
}

; %3 differs at the join (a phi on both sides); %4 is never read (no phi); %5 is never read
; either, and differs at the join. The deliberately wrong placements of the test are here.
define i32 @differs(i1 %0, i32 %1) {
  %3 = alloca i32, align 4
  %4 = alloca i32, align 4
  %5 = alloca i32, align 4
  br i1 %0, label %6, label %7

6:
  store i32 %1, ptr %3, align 4
  store i32 7, ptr %4, align 4
  store i32 %1, ptr %5, align 4
  br label %8

7:
  store i32 2, ptr %3, align 4
  store i32 7, ptr %4, align 4
  store i32 3, ptr %5, align 4
  br label %8

8:
  %9 = load i32, ptr %3, align 4
  ret i32 %9
}

; Stored on one branch only: phi(%1, undef). %1 may be poison, and LLVM does not replace an
; undef by what may be poison, so the phi stays.
define i32 @undef_may_be_poison(i1 %0, i32 %1) {
  %3 = alloca i32, align 4
  br i1 %0, label %4, label %5

4:
  store i32 %1, ptr %3, align 4
  br label %5

5:
  %6 = load i32, ptr %3, align 4
  ret i32 %6
}

; The same with a noundef argument: phi(%1, undef) folds to %1.
define i32 @undef_noundef(i1 %0, i32 noundef %1) {
  %3 = alloca i32, align 4
  br i1 %0, label %4, label %5

4:
  store i32 %1, ptr %3, align 4
  br label %5

5:
  %6 = load i32, ptr %3, align 4
  ret i32 %6
}

; A loop that stores back what it read: the header's phi is phi(%1, itself), folded to %1.
define i32 @self_reference(i32 %0, i32 %1) {
  %3 = alloca i32, align 4
  %4 = alloca i32, align 4
  store i32 %1, ptr %3, align 4
  store i32 0, ptr %4, align 4
  br label %5

5:
  %6 = load i32, ptr %4, align 4
  %7 = icmp slt i32 %6, %0
  br i1 %7, label %8, label %12

8:
  %9 = load i32, ptr %3, align 4
  store i32 %9, ptr %3, align 4
  %10 = load i32, ptr %4, align 4
  %11 = add nsw i32 %10, 1
  store i32 %11, ptr %4, align 4
  br label %5

12:
  %13 = load i32, ptr %3, align 4
  ret i32 %13
}

; optnone: the mem2reg pass leaves it alone, so neither side promotes it.
define i32 @skipped(i1 %0) #0 {
  %2 = alloca i32, align 4
  br i1 %0, label %3, label %4

3:
  store i32 1, ptr %2, align 4
  br label %5

4:
  store i32 2, ptr %2, align 4
  br label %5

5:
  %6 = load i32, ptr %2, align 4
  ret i32 %6
}

attributes #0 = { noinline optnone }
