; The promotion rule of LLVM 22 (tests/test_llvm_today.c checks the importer's verdicts and
; opt -passes=mem2reg's): every load and store must use exactly the allocated type, even when
; all accesses agree on another one; llvm.fake.use on the alloca itself is allowed, through a
; GEP or bitcast it is not; lifetime markers take one argument, the alloca.
declare void @llvm.lifetime.start.p0(ptr)
declare void @llvm.lifetime.end.p0(ptr)
declare void @llvm.assume(i1)
declare void @llvm.fake.use(...)

define i64 @rule22(i64 %v, i1 %c) {
entry:
  %life = alloca i32
  %consist = alloca i32
  %flt = alloca i32
  %arr1 = alloca [1 x i32]
  %bytes = alloca [4 x i8]
  %fake = alloca i32
  %fakegep = alloca i32
  %gepdrop = alloca i32
  %bcdrop = alloca i32
  call void @llvm.lifetime.start.p0(ptr %life)
  store i32 1, ptr %life
  store i64 %v, ptr %consist
  store float 1.0, ptr %flt
  store i32 3, ptr %arr1
  store i32 4, ptr %bytes
  store i32 2, ptr %fake
  call void (...) @llvm.fake.use(ptr %fake)
  %fg = getelementptr i32, ptr %fakegep, i64 0
  call void (...) @llvm.fake.use(ptr %fg)
  %g = getelementptr i32, ptr %gepdrop, i64 0
  call void @llvm.assume(i1 true) [ "align"(ptr %g, i64 4) ]
  store i32 4, ptr %gepdrop
  %b = bitcast ptr %bcdrop to ptr
  call void @llvm.assume(i1 true) [ "nonnull"(ptr %b) ]
  store i32 5, ptr %bcdrop
  br i1 %c, label %then, label %join
then:
  store i32 6, ptr %life
  store i32 7, ptr %gepdrop
  br label %join
join:
  %r = load i64, ptr %consist
  %f = load float, ptr %flt
  %l = load i32, ptr %life
  %k = load i32, ptr %gepdrop
  call void @llvm.lifetime.end.p0(ptr %life)
  ret i64 %r
}
