; Unnamed values take the printer's slot numbers: %0 (argument), %1 (the entry block), ...
declare void @sink(i32)

define i32 @unnamed(i32 %0, i32 %named) {
  %2 = alloca i32
  %x = alloca i32
  store i32 %0, ptr %2
  br label %3
3:
  %4 = load i32, ptr %2
  call void @sink(i32 %4)
  br label %5
5:
  ret i32 0
}

define void @"quoted name/with:odd chars"() {
entry:
  ret void
}

define void @.hidden() {
entry:
  ret void
}
