; line 1
define i32 @f() {
entry:
  %x = add i32 1, 2
  ret i32 %y
}
