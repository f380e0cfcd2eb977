; One entry-block alloca per case of mem2reg's promotability rule (tests/test_llvm_import.c
; checks the importer's verdicts, and against opt -passes=mem2reg when opt is installed).
declare void @sinkp(ptr)
declare void @llvm.lifetime.start.p0(i64, ptr)
declare void @llvm.lifetime.end.p0(i64, ptr)
declare void @llvm.lifetime.start.p1(i64, ptr addrspace(1))
declare void @llvm.assume(i1)
declare void @llvm.memset.p0.i64(ptr, i8, i64, i1)

define i32 @promo(i32 %v, ptr %q, i1 %c) {
entry:
  %ok = alloca i32
  %vload = alloca i32
  %vstore = alloca i32
  %ltype = alloca i32
  %stype = alloca i32
  %esc = alloca i32
  %intr = alloca i32
  %gep0 = alloca i32
  %gepz = alloca i32
  %gepn = alloca [2 x i32]
  %call = alloca i32
  %cmp = alloca i32
  %bc = alloca i32
  %asc = alloca i32
  %ascd = alloca i32
  %atomic = alloca i32
  %unused = alloca i32
  %storedto = alloca ptr
  call void @llvm.lifetime.start.p0(i64 4, ptr %ok)
  store i32 %v, ptr %ok
  call void @llvm.assume(i1 true) [ "align"(ptr %ok, i64 4) ]
  %a0 = load volatile i32, ptr %vload
  store volatile i32 %v, ptr %vstore
  %a1 = load i8, ptr %ltype
  store i64 0, ptr %stype
  store ptr %esc, ptr %q
  call void @llvm.memset.p0.i64(ptr %intr, i8 0, i64 4, i1 false)
  %g0 = getelementptr i32, ptr %gep0, i64 0
  call void @llvm.lifetime.start.p0(i64 4, ptr %g0)
  store i32 1, ptr %gep0
  %gz = getelementptr i32, ptr %gepz, i64 0
  %a2 = load i32, ptr %gz
  %gn = getelementptr [2 x i32], ptr %gepn, i64 0, i64 1
  store i32 2, ptr %gn
  call void @sinkp(ptr %call)
  %a3 = icmp eq ptr %cmp, %q
  %b0 = bitcast ptr %bc to ptr
  call void @llvm.lifetime.start.p0(i64 4, ptr %b0)
  store i32 3, ptr %bc
  %s0 = addrspacecast ptr %asc to ptr addrspace(1)
  call void @llvm.lifetime.start.p1(i64 4, ptr addrspace(1) %s0)
  %s1 = addrspacecast ptr %ascd to ptr addrspace(1)
  call void @llvm.assume(i1 true) [ "align"(ptr addrspace(1) %s1, i64 4) ]
  store atomic i32 %v, ptr %atomic seq_cst, align 4
  store ptr %q, ptr %storedto
  br i1 %c, label %then, label %join
then:
  %late = alloca i32
  store i32 5, ptr %late
  store i32 4, ptr %ok
  store i32 4, ptr %bc
  br label %join
join:
  %r = load i32, ptr %ok
  %r2 = load atomic i32, ptr %atomic seq_cst, align 4
  %p = load ptr, ptr %storedto
  %r3 = load i32, ptr %bc
  call void @llvm.lifetime.end.p0(i64 4, ptr %ok)
  ret i32 %r
}
