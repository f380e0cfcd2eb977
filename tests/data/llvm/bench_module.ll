; The bench --in test module (tests/test_llvm_bench.c): tests/data/c/loops.c and branches.c
; compiled by clang 16 -O0 -Xclang -disable-O0-optnone -fno-discard-value-names, linked by
; llvm-link, plus the hand-written @no_vars (a function without variables).
; ModuleID = 'llvm-link'
source_filename = "llvm-link"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

; Function Attrs: noinline nounwind uwtable
define dso_local i32 @while_sum(i32 noundef %n) #0 {
entry:
  %n.addr = alloca i32, align 4
  %s = alloca i32, align 4
  %i = alloca i32, align 4
  store i32 %n, ptr %n.addr, align 4
  %call = call i32 @next(i32 noundef 0)
  store i32 %call, ptr %s, align 4
  %call1 = call i32 @next(i32 noundef 1)
  store i32 %call1, ptr %i, align 4
  br label %while.cond

while.cond:                                       ; preds = %while.body, %entry
  %0 = load i32, ptr %i, align 4
  %1 = load i32, ptr %n.addr, align 4
  %cmp = icmp slt i32 %0, %1
  br i1 %cmp, label %while.body, label %while.end

while.body:                                       ; preds = %while.cond
  %2 = load i32, ptr %s, align 4
  %3 = load i32, ptr %i, align 4
  %call2 = call i32 @next(i32 noundef %3)
  %add = add nsw i32 %2, %call2
  store i32 %add, ptr %s, align 4
  %4 = load i32, ptr %i, align 4
  %add3 = add nsw i32 %4, 1
  store i32 %add3, ptr %i, align 4
  br label %while.cond, !llvm.loop !6

while.end:                                        ; preds = %while.cond
  %5 = load i32, ptr %s, align 4
  ret i32 %5
}

declare i32 @next(i32 noundef) #1

; Function Attrs: noinline nounwind uwtable
define dso_local i32 @nested(i32 noundef %n, i32 noundef %m) #0 {
entry:
  %n.addr = alloca i32, align 4
  %m.addr = alloca i32, align 4
  %total = alloca i32, align 4
  %i = alloca i32, align 4
  %row = alloca i32, align 4
  %j = alloca i32, align 4
  store i32 %n, ptr %n.addr, align 4
  store i32 %m, ptr %m.addr, align 4
  %call = call i32 @next(i32 noundef 0)
  store i32 %call, ptr %total, align 4
  store i32 0, ptr %i, align 4
  br label %for.cond

for.cond:                                         ; preds = %for.inc7, %entry
  %0 = load i32, ptr %i, align 4
  %1 = load i32, ptr %n.addr, align 4
  %cmp = icmp slt i32 %0, %1
  br i1 %cmp, label %for.body, label %for.end9

for.body:                                         ; preds = %for.cond
  %2 = load i32, ptr %i, align 4
  %call1 = call i32 @next(i32 noundef %2)
  store i32 %call1, ptr %row, align 4
  store i32 0, ptr %j, align 4
  br label %for.cond2

for.cond2:                                        ; preds = %for.inc, %for.body
  %3 = load i32, ptr %j, align 4
  %4 = load i32, ptr %m.addr, align 4
  %cmp3 = icmp slt i32 %3, %4
  br i1 %cmp3, label %for.body4, label %for.end

for.body4:                                        ; preds = %for.cond2
  %5 = load i32, ptr %j, align 4
  %call5 = call i32 @next(i32 noundef %5)
  %and = and i32 %call5, 1
  %tobool = icmp ne i32 %and, 0
  br i1 %tobool, label %if.then, label %if.else

if.then:                                          ; preds = %for.body4
  %6 = load i32, ptr %row, align 4
  %7 = load i32, ptr %j, align 4
  %add = add nsw i32 %6, %7
  store i32 %add, ptr %row, align 4
  br label %if.end

if.else:                                          ; preds = %for.body4
  %8 = load i32, ptr %total, align 4
  %sub = sub nsw i32 %8, 1
  store i32 %sub, ptr %total, align 4
  br label %if.end

if.end:                                           ; preds = %if.else, %if.then
  br label %for.inc

for.inc:                                          ; preds = %if.end
  %9 = load i32, ptr %j, align 4
  %inc = add nsw i32 %9, 1
  store i32 %inc, ptr %j, align 4
  br label %for.cond2, !llvm.loop !8

for.end:                                          ; preds = %for.cond2
  %10 = load i32, ptr %total, align 4
  %11 = load i32, ptr %row, align 4
  %add6 = add nsw i32 %10, %11
  store i32 %add6, ptr %total, align 4
  br label %for.inc7

for.inc7:                                         ; preds = %for.end
  %12 = load i32, ptr %i, align 4
  %inc8 = add nsw i32 %12, 1
  store i32 %inc8, ptr %i, align 4
  br label %for.cond, !llvm.loop !9

for.end9:                                         ; preds = %for.cond
  %13 = load i32, ptr %total, align 4
  ret i32 %13
}

; Function Attrs: noinline nounwind uwtable
define dso_local i32 @do_while(i32 noundef %n) #0 {
entry:
  %n.addr = alloca i32, align 4
  %k = alloca i32, align 4
  %acc = alloca i32, align 4
  store i32 %n, ptr %n.addr, align 4
  %0 = load i32, ptr %n.addr, align 4
  %call = call i32 @next(i32 noundef %0)
  store i32 %call, ptr %k, align 4
  %call1 = call i32 @next(i32 noundef 2)
  store i32 %call1, ptr %acc, align 4
  br label %do.body

do.body:                                          ; preds = %do.cond, %entry
  %1 = load i32, ptr %acc, align 4
  %mul = mul nsw i32 %1, 3
  %2 = load i32, ptr %k, align 4
  %add = add nsw i32 %mul, %2
  store i32 %add, ptr %acc, align 4
  %3 = load i32, ptr %k, align 4
  %call2 = call i32 @next(i32 noundef %3)
  store i32 %call2, ptr %k, align 4
  br label %do.cond

do.cond:                                          ; preds = %do.body
  %4 = load i32, ptr %k, align 4
  %cmp = icmp sgt i32 %4, 0
  br i1 %cmp, label %do.body, label %do.end, !llvm.loop !10

do.end:                                           ; preds = %do.cond
  %5 = load i32, ptr %acc, align 4
  ret i32 %5
}

; Function Attrs: noinline nounwind uwtable
define dso_local i32 @live_across(i32 noundef %n) #0 {
entry:
  %n.addr = alloca i32, align 4
  %a = alloca i32, align 4
  %b = alloca i32, align 4
  %c = alloca i32, align 4
  %i = alloca i32, align 4
  %i7 = alloca i32, align 4
  store i32 %n, ptr %n.addr, align 4
  %call = call i32 @next(i32 noundef 1)
  store i32 %call, ptr %a, align 4
  %call1 = call i32 @next(i32 noundef 2)
  store i32 %call1, ptr %b, align 4
  %call2 = call i32 @next(i32 noundef 3)
  store i32 %call2, ptr %c, align 4
  store i32 0, ptr %i, align 4
  br label %for.cond

for.cond:                                         ; preds = %for.inc, %entry
  %0 = load i32, ptr %i, align 4
  %1 = load i32, ptr %n.addr, align 4
  %cmp = icmp slt i32 %0, %1
  br i1 %cmp, label %for.body, label %for.end

for.body:                                         ; preds = %for.cond
  %2 = load i32, ptr %a, align 4
  %3 = load i32, ptr %i, align 4
  %call3 = call i32 @next(i32 noundef %3)
  %add = add nsw i32 %2, %call3
  store i32 %add, ptr %a, align 4
  br label %for.inc

for.inc:                                          ; preds = %for.body
  %4 = load i32, ptr %i, align 4
  %inc = add nsw i32 %4, 1
  store i32 %inc, ptr %i, align 4
  br label %for.cond, !llvm.loop !11

for.end:                                          ; preds = %for.cond
  br label %while.cond

while.cond:                                       ; preds = %if.end, %for.end
  %5 = load i32, ptr %b, align 4
  %6 = load i32, ptr %n.addr, align 4
  %cmp4 = icmp slt i32 %5, %6
  br i1 %cmp4, label %while.body, label %while.end

while.body:                                       ; preds = %while.cond
  %7 = load i32, ptr %b, align 4
  %8 = load i32, ptr %a, align 4
  %add5 = add nsw i32 %7, %8
  store i32 %add5, ptr %b, align 4
  %9 = load i32, ptr %b, align 4
  %10 = load i32, ptr %c, align 4
  %cmp6 = icmp eq i32 %9, %10
  br i1 %cmp6, label %if.then, label %if.end

if.then:                                          ; preds = %while.body
  br label %while.end

if.end:                                           ; preds = %while.body
  br label %while.cond, !llvm.loop !12

while.end:                                        ; preds = %if.then, %while.cond
  %11 = load i32, ptr %n.addr, align 4
  store i32 %11, ptr %i7, align 4
  br label %for.cond8

for.cond8:                                        ; preds = %for.inc14, %while.end
  %12 = load i32, ptr %i7, align 4
  %cmp9 = icmp sgt i32 %12, 0
  br i1 %cmp9, label %for.body10, label %for.end15

for.body10:                                       ; preds = %for.cond8
  %13 = load i32, ptr %i7, align 4
  %call11 = call i32 @next(i32 noundef %13)
  %tobool = icmp ne i32 %call11, 0
  br i1 %tobool, label %if.then12, label %if.end13

if.then12:                                        ; preds = %for.body10
  br label %for.inc14

if.end13:                                         ; preds = %for.body10
  %14 = load i32, ptr %c, align 4
  %15 = load i32, ptr %b, align 4
  %xor = xor i32 %14, %15
  store i32 %xor, ptr %c, align 4
  br label %for.inc14

for.inc14:                                        ; preds = %if.end13, %if.then12
  %16 = load i32, ptr %i7, align 4
  %dec = add nsw i32 %16, -1
  store i32 %dec, ptr %i7, align 4
  br label %for.cond8, !llvm.loop !13

for.end15:                                        ; preds = %for.cond8
  %17 = load i32, ptr %a, align 4
  %18 = load i32, ptr %b, align 4
  %add16 = add nsw i32 %17, %18
  %19 = load i32, ptr %c, align 4
  %add17 = add nsw i32 %add16, %19
  ret i32 %add17
}

; Function Attrs: noinline nounwind uwtable
define dso_local void @carried(i32 noundef %n) #0 {
entry:
  %n.addr = alloca i32, align 4
  %x = alloca i32, align 4
  %i = alloca i32, align 4
  store i32 %n, ptr %n.addr, align 4
  %call = call i32 @next(i32 noundef 0)
  store i32 %call, ptr %x, align 4
  store i32 0, ptr %i, align 4
  br label %for.cond

for.cond:                                         ; preds = %for.inc, %entry
  %0 = load i32, ptr %i, align 4
  %1 = load i32, ptr %n.addr, align 4
  %cmp = icmp slt i32 %0, %1
  br i1 %cmp, label %for.body, label %for.end

for.body:                                         ; preds = %for.cond
  %2 = load i32, ptr %x, align 4
  call void @use(i32 noundef %2)
  %3 = load i32, ptr %x, align 4
  %call1 = call i32 @next(i32 noundef %3)
  store i32 %call1, ptr %x, align 4
  br label %for.inc

for.inc:                                          ; preds = %for.body
  %4 = load i32, ptr %i, align 4
  %inc = add nsw i32 %4, 1
  store i32 %inc, ptr %i, align 4
  br label %for.cond, !llvm.loop !14

for.end:                                          ; preds = %for.cond
  ret void
}

declare void @use(i32 noundef) #1

; Function Attrs: noinline nounwind uwtable
define dso_local i32 @early(i32 noundef %x) #0 {
entry:
  %retval = alloca i32, align 4
  %x.addr = alloca i32, align 4
  %r = alloca i32, align 4
  store i32 %x, ptr %x.addr, align 4
  %0 = load i32, ptr %x.addr, align 4
  %call = call i32 @next(i32 noundef %0)
  store i32 %call, ptr %r, align 4
  %1 = load i32, ptr %x.addr, align 4
  %cmp = icmp slt i32 %1, 0
  br i1 %cmp, label %if.then, label %if.end

if.then:                                          ; preds = %entry
  %2 = load i32, ptr %r, align 4
  store i32 %2, ptr %retval, align 4
  br label %return

if.end:                                           ; preds = %entry
  %3 = load i32, ptr %x.addr, align 4
  %cmp1 = icmp eq i32 %3, 0
  br i1 %cmp1, label %if.then2, label %if.end4

if.then2:                                         ; preds = %if.end
  %4 = load i32, ptr %r, align 4
  %call3 = call i32 @next(i32 noundef %4)
  store i32 %call3, ptr %r, align 4
  %5 = load i32, ptr %r, align 4
  %add = add nsw i32 %5, 1
  store i32 %add, ptr %retval, align 4
  br label %return

if.end4:                                          ; preds = %if.end
  %6 = load i32, ptr %r, align 4
  %add5 = add nsw i32 %6, 2
  %call6 = call i32 @next(i32 noundef %add5)
  store i32 %call6, ptr %r, align 4
  %7 = load i32, ptr %r, align 4
  %cmp7 = icmp sgt i32 %7, 100
  br i1 %cmp7, label %if.then8, label %if.end9

if.then8:                                         ; preds = %if.end4
  store i32 0, ptr %retval, align 4
  br label %return

if.end9:                                          ; preds = %if.end4
  %8 = load i32, ptr %r, align 4
  store i32 %8, ptr %retval, align 4
  br label %return

return:                                           ; preds = %if.end9, %if.then8, %if.then2, %if.then
  %9 = load i32, ptr %retval, align 4
  ret i32 %9
}

; Function Attrs: noinline nounwind uwtable
define dso_local i32 @fallthrough(i32 noundef %k) #0 {
entry:
  %k.addr = alloca i32, align 4
  %v = alloca i32, align 4
  %w = alloca i32, align 4
  store i32 %k, ptr %k.addr, align 4
  %call = call i32 @next(i32 noundef 0)
  store i32 %call, ptr %v, align 4
  %call1 = call i32 @next(i32 noundef 1)
  store i32 %call1, ptr %w, align 4
  %0 = load i32, ptr %k.addr, align 4
  switch i32 %0, label %sw.default [
    i32 0, label %sw.bb
    i32 1, label %sw.bb3
    i32 2, label %sw.bb5
    i32 7, label %sw.bb6
  ]

sw.bb:                                            ; preds = %entry
  %1 = load i32, ptr %v, align 4
  %call2 = call i32 @next(i32 noundef %1)
  store i32 %call2, ptr %v, align 4
  br label %sw.bb3

sw.bb3:                                           ; preds = %sw.bb, %entry
  %2 = load i32, ptr %w, align 4
  %call4 = call i32 @next(i32 noundef %2)
  store i32 %call4, ptr %w, align 4
  br label %sw.bb5

sw.bb5:                                           ; preds = %sw.bb3, %entry
  %3 = load i32, ptr %v, align 4
  %4 = load i32, ptr %w, align 4
  %add = add nsw i32 %3, %4
  store i32 %add, ptr %v, align 4
  br label %sw.epilog

sw.bb6:                                           ; preds = %entry
  %5 = load i32, ptr %k.addr, align 4
  %call7 = call i32 @next(i32 noundef %5)
  store i32 %call7, ptr %w, align 4
  br label %sw.epilog

sw.default:                                       ; preds = %entry
  %6 = load i32, ptr %v, align 4
  %mul = mul nsw i32 %6, 2
  %call8 = call i32 @next(i32 noundef %mul)
  store i32 %call8, ptr %v, align 4
  br label %sw.epilog

sw.epilog:                                        ; preds = %sw.default, %sw.bb6, %sw.bb5
  %7 = load i32, ptr %v, align 4
  %8 = load i32, ptr %w, align 4
  %sub = sub nsw i32 %7, %8
  ret i32 %sub
}

; Function Attrs: noinline nounwind uwtable
define dso_local i32 @some_paths(i32 noundef %c, i32 noundef %d) #0 {
entry:
  %c.addr = alloca i32, align 4
  %d.addr = alloca i32, align 4
  %x = alloca i32, align 4
  %y = alloca i32, align 4
  store i32 %c, ptr %c.addr, align 4
  store i32 %d, ptr %d.addr, align 4
  %0 = load i32, ptr %c.addr, align 4
  %tobool = icmp ne i32 %0, 0
  br i1 %tobool, label %if.then, label %if.end

if.then:                                          ; preds = %entry
  %1 = load i32, ptr %c.addr, align 4
  %call = call i32 @next(i32 noundef %1)
  store i32 %call, ptr %x, align 4
  br label %if.end

if.end:                                           ; preds = %if.then, %entry
  %2 = load i32, ptr %d.addr, align 4
  %tobool1 = icmp ne i32 %2, 0
  br i1 %tobool1, label %if.then2, label %if.else

if.then2:                                         ; preds = %if.end
  %3 = load i32, ptr %d.addr, align 4
  %call3 = call i32 @next(i32 noundef %3)
  store i32 %call3, ptr %y, align 4
  br label %if.end5

if.else:                                          ; preds = %if.end
  %4 = load i32, ptr %d.addr, align 4
  %sub = sub nsw i32 0, %4
  %call4 = call i32 @next(i32 noundef %sub)
  store i32 %call4, ptr %y, align 4
  br label %if.end5

if.end5:                                          ; preds = %if.else, %if.then2
  %5 = load i32, ptr %y, align 4
  call void @use(i32 noundef %5)
  %6 = load i32, ptr %x, align 4
  ret i32 %6
}

; Function Attrs: noinline nounwind uwtable
define dso_local i32 @dead_after_return(i32 noundef %a) #0 {
entry:
  %a.addr = alloca i32, align 4
  %t = alloca i32, align 4
  store i32 %a, ptr %a.addr, align 4
  %0 = load i32, ptr %a.addr, align 4
  %call = call i32 @next(i32 noundef %0)
  store i32 %call, ptr %t, align 4
  %1 = load i32, ptr %t, align 4
  ret i32 %1
}

; Function Attrs: noinline nounwind uwtable
define dso_local i32 @conditional_ops(i32 noundef %a, i32 noundef %b) #0 {
entry:
  %a.addr = alloca i32, align 4
  %b.addr = alloca i32, align 4
  %m = alloca i32, align 4
  %z = alloca i32, align 4
  %i = alloca i32, align 4
  store i32 %a, ptr %a.addr, align 4
  store i32 %b, ptr %b.addr, align 4
  %0 = load i32, ptr %a.addr, align 4
  %call = call i32 @next(i32 noundef %0)
  store i32 %call, ptr %m, align 4
  %1 = load i32, ptr %b.addr, align 4
  %call1 = call i32 @next(i32 noundef %1)
  store i32 %call1, ptr %z, align 4
  store i32 0, ptr %i, align 4
  br label %for.cond

for.cond:                                         ; preds = %for.inc, %entry
  %2 = load i32, ptr %i, align 4
  %3 = load i32, ptr %a.addr, align 4
  %cmp = icmp slt i32 %2, %3
  br i1 %cmp, label %for.body, label %for.end

for.body:                                         ; preds = %for.cond
  %4 = load i32, ptr %m, align 4
  %5 = load i32, ptr %i, align 4
  %cmp2 = icmp sgt i32 %4, %5
  br i1 %cmp2, label %cond.true, label %cond.false

cond.true:                                        ; preds = %for.body
  %6 = load i32, ptr %m, align 4
  br label %cond.end

cond.false:                                       ; preds = %for.body
  %7 = load i32, ptr %i, align 4
  %call3 = call i32 @next(i32 noundef %7)
  br label %cond.end

cond.end:                                         ; preds = %cond.false, %cond.true
  %cond = phi i32 [ %6, %cond.true ], [ %call3, %cond.false ]
  store i32 %cond, ptr %m, align 4
  %8 = load i32, ptr %m, align 4
  %tobool = icmp ne i32 %8, 0
  br i1 %tobool, label %land.lhs.true, label %if.end

land.lhs.true:                                    ; preds = %cond.end
  %9 = load i32, ptr %z, align 4
  %tobool4 = icmp ne i32 %9, 0
  br i1 %tobool4, label %if.then, label %if.end

if.then:                                          ; preds = %land.lhs.true
  %10 = load i32, ptr %z, align 4
  %call5 = call i32 @next(i32 noundef %10)
  store i32 %call5, ptr %z, align 4
  br label %if.end

if.end:                                           ; preds = %if.then, %land.lhs.true, %cond.end
  br label %for.inc

for.inc:                                          ; preds = %if.end
  %11 = load i32, ptr %i, align 4
  %inc = add nsw i32 %11, 1
  store i32 %inc, ptr %i, align 4
  br label %for.cond, !llvm.loop !15

for.end:                                          ; preds = %for.cond
  %12 = load i32, ptr %m, align 4
  %13 = load i32, ptr %z, align 4
  %cmp6 = icmp slt i32 %12, %13
  br i1 %cmp6, label %cond.true7, label %cond.false8

cond.true7:                                       ; preds = %for.end
  %14 = load i32, ptr %m, align 4
  br label %cond.end9

cond.false8:                                      ; preds = %for.end
  %15 = load i32, ptr %z, align 4
  br label %cond.end9

cond.end9:                                        ; preds = %cond.false8, %cond.true7
  %cond10 = phi i32 [ %14, %cond.true7 ], [ %15, %cond.false8 ]
  %16 = load i32, ptr %a.addr, align 4
  %tobool11 = icmp ne i32 %16, 0
  br i1 %tobool11, label %lor.end, label %lor.rhs

lor.rhs:                                          ; preds = %cond.end9
  %17 = load i32, ptr %b.addr, align 4
  %tobool12 = icmp ne i32 %17, 0
  br label %lor.end

lor.end:                                          ; preds = %lor.rhs, %cond.end9
  %18 = phi i1 [ true, %cond.end9 ], [ %tobool12, %lor.rhs ]
  %lor.ext = zext i1 %18 to i32
  %add = add nsw i32 %cond10, %lor.ext
  ret i32 %add
}

; Function Attrs: noinline nounwind uwtable
define dso_local i32 @address_taken(i32 noundef %a) #0 {
entry:
  %a.addr = alloca i32, align 4
  %kept = alloca i32, align 4
  %promoted = alloca i32, align 4
  store i32 %a, ptr %a.addr, align 4
  %0 = load i32, ptr %a.addr, align 4
  %call = call i32 @next(i32 noundef %0)
  store i32 %call, ptr %kept, align 4
  %1 = load i32, ptr %a.addr, align 4
  %add = add nsw i32 %1, 1
  %call1 = call i32 @next(i32 noundef %add)
  store i32 %call1, ptr %promoted, align 4
  call void @take(ptr noundef %kept)
  %2 = load i32, ptr %a.addr, align 4
  %tobool = icmp ne i32 %2, 0
  br i1 %tobool, label %if.then, label %if.end

if.then:                                          ; preds = %entry
  %3 = load i32, ptr %kept, align 4
  store i32 %3, ptr %promoted, align 4
  br label %if.end

if.end:                                           ; preds = %if.then, %entry
  %4 = load i32, ptr %promoted, align 4
  ret i32 %4
}

declare void @take(ptr noundef) #1

attributes #0 = { noinline nounwind uwtable "frame-pointer"="all" "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #1 = { "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }

!llvm.ident = !{!0, !0}
!llvm.module.flags = !{!1, !2, !3, !4, !5}

!0 = !{!"Debian clang version 16.0.6 (15~deb12u1)"}
!1 = !{i32 1, !"wchar_size", i32 4}
!2 = !{i32 8, !"PIC Level", i32 2}
!3 = !{i32 7, !"PIE Level", i32 2}
!4 = !{i32 7, !"uwtable", i32 2}
!5 = !{i32 7, !"frame-pointer", i32 2}
!6 = distinct !{!6, !7}
!7 = !{!"llvm.loop.mustprogress"}
!8 = distinct !{!8, !7}
!9 = distinct !{!9, !7}
!10 = distinct !{!10, !7}
!11 = distinct !{!11, !7}
!12 = distinct !{!12, !7}
!13 = distinct !{!13, !7}
!14 = distinct !{!14, !7}
!15 = distinct !{!15, !7}

define dso_local i32 @no_vars() {
entry:
  ret i32 7
}
