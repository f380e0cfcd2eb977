; Quoted block and variable names as LLVM prints them: with blanks, with an escaped newline,
; one that differs from another only by '_' for ' ', and one of 400 bytes (200 times U+00E9),
; longer than a name table holds (255 bytes).
define i32 @quoted(i1 %c) {
"entry block":
  %"the x" = alloca i32
  store i32 1, ptr %"the x"
  br i1 %c, label %"a b", label %"éééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééé"
"a b":
  br label %a_b
"éééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééé":
  br label %"nl\0Ay"
a_b:
  br label %"nl\0Ay"
"nl\0Ay":
  %v = load i32, ptr %"the x"
  ret i32 %v
}
