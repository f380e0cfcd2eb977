# Rival implementations (algos/peers, C++): LLVM's dominator tree, IDF calculator and mem2reg,
# Boost.Graph's Lengauer-Tarjan. Built only when their libraries are found; C++ is enabled
# only then. Included from the top-level CMakeLists.txt after the layers, so that ssadom and
# ssaphi can list the descriptors (SSALAB_HAVE_LLVM_PEERS, SSALAB_HAVE_BOOST_PEERS) and link
# the library: ssadom -> ssapeers -> ssacore.
option(SSALAB_PEERS "Build the LLVM and Boost.Graph peer kernels when their libraries are found" ON)

set(SSALAB_HAVE_LLVM_PEERS OFF)
set(SSALAB_HAVE_BOOST_PEERS OFF)
if(SSALAB_PEERS)
  # Newest packaged LLVM first.
  find_program(SSALAB_LLVM_CONFIG NAMES llvm-config-16 llvm-config-15 llvm-config-14 llvm-config)
  if(SSALAB_LLVM_CONFIG)
    execute_process(COMMAND ${SSALAB_LLVM_CONFIG} --includedir OUTPUT_VARIABLE ssalab_llvm_inc
                    OUTPUT_STRIP_TRAILING_WHITESPACE RESULT_VARIABLE rc1)
    execute_process(COMMAND ${SSALAB_LLVM_CONFIG} --libdir OUTPUT_VARIABLE ssalab_llvm_libdir
                    OUTPUT_STRIP_TRAILING_WHITESPACE RESULT_VARIABLE rc2)
    execute_process(COMMAND ${SSALAB_LLVM_CONFIG} --version OUTPUT_VARIABLE ssalab_llvm_ver
                    OUTPUT_STRIP_TRAILING_WHITESPACE)
    find_library(SSALAB_LLVM_LIB NAMES LLVM LLVM-${ssalab_llvm_ver} PATHS ${ssalab_llvm_libdir}
                 NO_DEFAULT_PATH)
    if(rc1 EQUAL 0 AND rc2 EQUAL 0 AND SSALAB_LLVM_LIB
       AND EXISTS ${ssalab_llvm_inc}/llvm/Support/GenericDomTreeConstruction.h
       AND EXISTS ${ssalab_llvm_inc}/llvm/Transforms/Utils/PromoteMemToReg.h)
      set(SSALAB_HAVE_LLVM_PEERS ON)
    endif()
  endif()
  find_path(SSALAB_BOOST_INCLUDE boost/graph/dominator_tree.hpp)
  if(SSALAB_BOOST_INCLUDE)
    set(SSALAB_HAVE_BOOST_PEERS ON)
  endif()
endif()

if(SSALAB_HAVE_LLVM_PEERS OR SSALAB_HAVE_BOOST_PEERS)
  enable_language(CXX)
  set(CMAKE_CXX_STANDARD 17)
  set(CMAKE_CXX_STANDARD_REQUIRED ON)
  set(CMAKE_CXX_FLAGS_RELEASE "-O3 -DNDEBUG")
  set(CMAKE_CXX_FLAGS_RELWITHDEBINFO "-O2 -g -DNDEBUG")
  set(CMAKE_CXX_FLAGS_ASAN "${CMAKE_C_FLAGS_ASAN}")
  set(ssalab_peer_srcs "")
  if(SSALAB_HAVE_LLVM_PEERS)
    list(APPEND ssalab_peer_srcs ${CMAKE_SOURCE_DIR}/algos/peers/llvm_dom.cpp
         ${CMAKE_SOURCE_DIR}/algos/peers/llvm_idf.cpp ${CMAKE_SOURCE_DIR}/algos/peers/llvm_mem2reg.cpp)
  endif()
  if(SSALAB_HAVE_BOOST_PEERS)
    list(APPEND ssalab_peer_srcs ${CMAKE_SOURCE_DIR}/algos/peers/boost_lt.cpp)
  endif()
  add_library(ssapeers STATIC ${ssalab_peer_srcs})
  # The directory's options are C-only (-Wstrict-prototypes ...): the peers get their own.
  set_property(TARGET ssapeers PROPERTY COMPILE_OPTIONS -Wall -Wextra -Wno-unused-parameter
               $<$<BOOL:${SSALAB_WERROR}>:-Werror> $<$<BOOL:${SSALAB_NATIVE}>:-march=native>)
  find_package(Threads REQUIRED)
  target_link_libraries(ssapeers PUBLIC ssacore Threads::Threads)
  if(SSALAB_HAVE_LLVM_PEERS)
    # LLVM's headers are a system library's: their own warnings are not ours.
    target_include_directories(ssapeers SYSTEM PRIVATE ${ssalab_llvm_inc})
    target_compile_definitions(ssapeers PRIVATE __STDC_CONSTANT_MACROS __STDC_FORMAT_MACROS
                               __STDC_LIMIT_MACROS)
    target_link_libraries(ssapeers PUBLIC ${SSALAB_LLVM_LIB})
    target_compile_definitions(ssadom PRIVATE SSALAB_HAVE_LLVM_PEERS=1)
    target_compile_definitions(ssaphi PRIVATE SSALAB_HAVE_LLVM_PEERS=1)
  endif()
  if(SSALAB_HAVE_BOOST_PEERS)
    target_include_directories(ssapeers SYSTEM PRIVATE ${SSALAB_BOOST_INCLUDE})
    target_compile_definitions(ssadom PRIVATE SSALAB_HAVE_BOOST_PEERS=1)
  endif()
  target_link_libraries(ssadom PUBLIC ssapeers)
endif()

if(NOT SSALAB_PEERS)
  message(STATUS "ssalab peers: disabled by -DSSALAB_PEERS=OFF: left out llvm-dom, llvm-pdom, llvm-idf, llvm-mem2reg, boost-lt")
elseif(SSALAB_HAVE_LLVM_PEERS)
  message(STATUS "ssalab peers: LLVM ${ssalab_llvm_ver} (${SSALAB_LLVM_CONFIG}): llvm-dom, llvm-pdom, llvm-idf, llvm-mem2reg")
else()
  message(STATUS "ssalab peers: LLVM not found (no llvm-config-16/15/14/llvm-config with headers and libLLVM): left out llvm-dom, llvm-pdom, llvm-idf, llvm-mem2reg")
endif()
if(NOT SSALAB_PEERS)
elseif(SSALAB_HAVE_BOOST_PEERS)
  message(STATUS "ssalab peers: Boost.Graph (${SSALAB_BOOST_INCLUDE}): boost-lt")
else()
  message(STATUS "ssalab peers: Boost.Graph not found (boost/graph/dominator_tree.hpp): left out boost-lt")
endif()
