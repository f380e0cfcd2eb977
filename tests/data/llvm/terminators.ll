; Every kind of terminator, for the importer's successor order (tests/test_llvm_import.c).
declare i32 @g(i32)
declare void @h()
declare i32 @__gxx_personality_v0(...)
declare i32 @__CxxFrameHandler3(...)

define i32 @branches(i32 %x) {
entry:
  %c = icmp eq i32 %x, 0
  br i1 %c, label %a, label %b
a:
  switch i32 %x, label %d [ i32 1, label %b
                            i32 2, label %c2
                            i32 3, label %b ]
b:
  br label %d
c2:
  unreachable
d:
  ret i32 0
dead:
  br label %d
}

define void @ibr(i1 %c) {
entry:
  %t = select i1 %c, ptr blockaddress(@ibr, %l1), ptr blockaddress(@ibr, %l2)
  indirectbr ptr %t, [label %l2, label %l1]
l1:
  ret void
l2:
  ret void
}

define i32 @inv(i32 %x) personality ptr @__gxx_personality_v0 {
entry:
  %r = invoke i32 @g(i32 %x) to label %ok unwind label %lp
ok:
  ret i32 %r
lp:
  %l = landingpad { ptr, i32 } cleanup
  resume { ptr, i32 } %l
}

define i32 @cbr(i32 %x) {
entry:
  callbr void asm "", "r,!i"(i32 %x) to label %fall [label %ind]
fall:
  ret i32 0
ind:
  ret i32 1
}

define void @weh() personality ptr @__CxxFrameHandler3 {
entry:
  invoke void @h() to label %cont unwind label %cs
cs:
  %sw = catchswitch within none [label %h1, label %h2] unwind label %cl
h1:
  %p1 = catchpad within %sw []
  catchret from %p1 to label %cont
h2:
  %p2 = catchpad within %sw []
  catchret from %p2 to label %cont
cl:
  %cp = cleanuppad within none []
  cleanupret from %cp unwind to caller
cont:
  ret void
}

define void @selfloop() {
entry:
  br label %loop
loop:
  br i1 true, label %loop, label %loop
}
