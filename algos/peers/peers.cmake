# Rival implementations (algos/peers): LLVM's dominator tree (block-numbered and
# pointer-keyed), IDF calculator and mem2reg, Boost.Graph's Lengauer-Tarjan (C++), igraph's
# dominator tree (C). Built only when their libraries are found; C++ is enabled only for LLVM
# and Boost. Included from the top-level CMakeLists.txt after the layers, so that ssadom and
# ssaphi can list the descriptors (SSALAB_HAVE_LLVM_PEERS, SSALAB_HAVE_BOOST_PEERS,
# SSALAB_HAVE_IGRAPH_PEERS) and link the library:
# ssadom -> ssapeers -> ssacore (igraph: ssadom -> ssapeers_igraph -> ssacore).
# LLVM itself is found once by the top-level CMakeLists.txt (SSALAB_LLVM_FOUND, llvm_includedir,
# llvm_libdir, llvm_version, SSALAB_LLVM_WHY; -DSSALAB_WITH_LLVM=OFF). Here: what the peers need
# beyond it, Boost.Graph (-DSSALAB_WITH_BOOST=OFF), igraph (-DSSALAB_WITH_IGRAPH=OFF), and
# -DSSALAB_PEERS=OFF for none of them.
option(SSALAB_PEERS "Build the LLVM, Boost.Graph and igraph peer kernels when their libraries are found" ON)
option(SSALAB_WITH_BOOST "Use Boost.Graph (the boost-lt peer) when its headers are found" ON)
option(SSALAB_WITH_IGRAPH "Use igraph (the igraph-dom peer) when the library is found" ON)

set(SSALAB_HAVE_LLVM_PEERS OFF)
set(SSALAB_HAVE_BOOST_PEERS OFF)
set(ssalab_llvm_peers "llvm-dom, llvm-dom-map, llvm-pdom, llvm-idf, llvm-mem2reg, llvm-update, llvm-update-batch")
set(ssalab_boost_peers "boost-lt")
set(SSALAB_HAVE_IGRAPH_PEERS OFF)
set(ssalab_igraph_peers "igraph-dom")
set(ssalab_igraph_ver "")
# Why each group is left out (empty when built): configure messages, bench --algo=list/--version.
if(NOT SSALAB_PEERS)
  set(ssalab_llvm_peers_why "disabled by -DSSALAB_PEERS=OFF")
  set(ssalab_boost_peers_why "disabled by -DSSALAB_PEERS=OFF")
  set(ssalab_igraph_peers_why "disabled by -DSSALAB_PEERS=OFF")
else()
  set(ssalab_llvm_peers_why "LLVM left out: ${SSALAB_LLVM_WHY}")
  if(SSALAB_LLVM_FOUND)
    find_library(SSALAB_LLVM_LIB NAMES LLVM LLVM-${llvm_version} PATHS ${llvm_libdir}
                 NO_DEFAULT_PATH)
    if(NOT SSALAB_LLVM_LIB)
      set(ssalab_llvm_peers_why "no libLLVM in ${llvm_libdir}")
    elseif(NOT EXISTS ${llvm_includedir}/llvm/Support/GenericDomTreeConstruction.h
           OR NOT EXISTS ${llvm_includedir}/llvm/Transforms/Utils/PromoteMemToReg.h)
      set(ssalab_llvm_peers_why "no LLVM C++ headers in ${llvm_includedir}")
    else()
      set(SSALAB_HAVE_LLVM_PEERS ON)
      set(ssalab_llvm_peers_why "")
    endif()
  endif()
  if(NOT SSALAB_WITH_BOOST)
    set(ssalab_boost_peers_why "disabled by -DSSALAB_WITH_BOOST=OFF")
  else()
    find_path(SSALAB_BOOST_INCLUDE boost/graph/dominator_tree.hpp)
    if(SSALAB_BOOST_INCLUDE)
      set(SSALAB_HAVE_BOOST_PEERS ON)
      set(ssalab_boost_peers_why "")
    else()
      set(ssalab_boost_peers_why
          "Boost.Graph not found: no boost/graph/dominator_tree.hpp (Debian: libboost-graph-dev)")
    endif()
  endif()
  # igraph: pkg-config's module first, else the header and the library where the compiler
  # looks. igraph_dominator_tree takes igraph_vector_int_t from 0.10 on, so older is left out.
  if(NOT SSALAB_WITH_IGRAPH)
    set(ssalab_igraph_peers_why "disabled by -DSSALAB_WITH_IGRAPH=OFF")
  else()
    set(ssalab_igraph_peers_why
        "igraph not found: no pkg-config module igraph, no igraph/igraph.h and libigraph (Debian: libigraph-dev)")
    set(ssalab_igraph_incs "")
    set(ssalab_igraph_libs "")
    find_package(PkgConfig QUIET)
    if(PKG_CONFIG_FOUND)
      pkg_check_modules(SSALAB_IGRAPH_PC QUIET igraph)
    endif()
    if(SSALAB_IGRAPH_PC_FOUND)
      set(ssalab_igraph_incs ${SSALAB_IGRAPH_PC_INCLUDE_DIRS})
      set(ssalab_igraph_libs ${SSALAB_IGRAPH_PC_LINK_LIBRARIES})
      set(ssalab_igraph_ver "${SSALAB_IGRAPH_PC_VERSION}")
    else()
      find_path(SSALAB_IGRAPH_INCLUDE igraph/igraph.h)
      find_library(SSALAB_IGRAPH_LIB igraph)
      if(SSALAB_IGRAPH_INCLUDE AND SSALAB_IGRAPH_LIB)
        set(ssalab_igraph_incs ${SSALAB_IGRAPH_INCLUDE}/igraph)
        set(ssalab_igraph_libs ${SSALAB_IGRAPH_LIB})
        file(STRINGS ${SSALAB_IGRAPH_INCLUDE}/igraph/igraph_version.h _ig_ver
             REGEX "^#define IGRAPH_VERSION \"")
        string(REGEX MATCH "[0-9]+\\.[0-9]+\\.[0-9]+" ssalab_igraph_ver "${_ig_ver}")
      endif()
    endif()
    if(ssalab_igraph_libs)
      if(ssalab_igraph_ver AND ssalab_igraph_ver VERSION_LESS 0.10)
        set(ssalab_igraph_peers_why "igraph ${ssalab_igraph_ver} found, igraph-dom needs 0.10 or newer")
      else()
        set(SSALAB_HAVE_IGRAPH_PEERS ON)
        set(ssalab_igraph_peers_why "")
      endif()
    endif()
  endif()
endif()
set(ssalab_llvm_ver "${llvm_version}")

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
         ${CMAKE_SOURCE_DIR}/algos/peers/llvm_idf.cpp ${CMAKE_SOURCE_DIR}/algos/peers/llvm_mem2reg.cpp
         ${CMAKE_SOURCE_DIR}/algos/peers/llvm_update.cpp)
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
    target_include_directories(ssapeers SYSTEM PRIVATE ${llvm_includedir})
    target_compile_definitions(ssapeers PRIVATE __STDC_CONSTANT_MACROS __STDC_FORMAT_MACROS
                               __STDC_LIMIT_MACROS)
    target_link_libraries(ssapeers PUBLIC ${SSALAB_LLVM_LIB})
    target_compile_definitions(ssadom PRIVATE SSALAB_HAVE_LLVM_PEERS=1)
    target_compile_definitions(ssaphi PRIVATE SSALAB_HAVE_LLVM_PEERS=1)
    # update_algos[] (algos/update/registry.c) lists llvm-update and llvm-update-batch.
    target_compile_definitions(ssaupdate PRIVATE SSALAB_HAVE_LLVM_PEERS=1)
  endif()
  if(SSALAB_HAVE_BOOST_PEERS)
    target_include_directories(ssapeers SYSTEM PRIVATE ${SSALAB_BOOST_INCLUDE})
    target_compile_definitions(ssadom PRIVATE SSALAB_HAVE_BOOST_PEERS=1)
  endif()
  target_link_libraries(ssadom PUBLIC ssapeers)
endif()

# igraph's adapter is C: a library of its own, compiled with the project's C options.
# Whatever links ssadom (bench, the tests, the tools) sees SSALAB_HAVE_IGRAPH_PEERS.
if(SSALAB_HAVE_IGRAPH_PEERS)
  add_library(ssapeers_igraph STATIC ${CMAKE_SOURCE_DIR}/algos/peers/igraph_dom.c)
  # igraph's headers are a system library's: their own warnings are not ours.
  target_include_directories(ssapeers_igraph SYSTEM PRIVATE ${ssalab_igraph_incs})
  find_package(Threads REQUIRED)
  target_link_libraries(ssapeers_igraph PUBLIC ssacore ${ssalab_igraph_libs} Threads::Threads)
  target_compile_definitions(ssapeers_igraph INTERFACE SSALAB_HAVE_IGRAPH_PEERS=1)
  target_link_libraries(ssadom PUBLIC ssapeers_igraph)
endif()

if(SSALAB_HAVE_LLVM_PEERS)
  message(STATUS "ssalab peers: LLVM ${ssalab_llvm_ver} (${SSALAB_LLVM_CONFIG}): ${ssalab_llvm_peers}")
else()
  message(STATUS "ssalab peers: left out ${ssalab_llvm_peers}: ${ssalab_llvm_peers_why}")
endif()
if(SSALAB_HAVE_BOOST_PEERS)
  message(STATUS "ssalab peers: Boost.Graph (${SSALAB_BOOST_INCLUDE}): ${ssalab_boost_peers}")
else()
  message(STATUS "ssalab peers: left out ${ssalab_boost_peers}: ${ssalab_boost_peers_why}")
endif()
if(SSALAB_HAVE_IGRAPH_PEERS)
  message(STATUS "ssalab peers: igraph ${ssalab_igraph_ver} (${ssalab_igraph_libs}): ${ssalab_igraph_peers}")
else()
  message(STATUS "ssalab peers: left out ${ssalab_igraph_peers}: ${ssalab_igraph_peers_why}")
endif()
# The same facts for bench (--algo=list, --version): a generated header, rewritten only when
# its text changes.
file(CONFIGURE OUTPUT ${CMAKE_BINARY_DIR}/generated/ssalab_peers_info.h CONTENT
"/* Generated by algos/peers/peers.cmake: which peers this build has, and why others are not. */
#define SSALAB_PEERS_LLVM_NAMES \"${ssalab_llvm_peers}\"
#define SSALAB_PEERS_LLVM_WHY \"${ssalab_llvm_peers_why}\"
#define SSALAB_PEERS_BOOST_NAMES \"${ssalab_boost_peers}\"
#define SSALAB_PEERS_BOOST_WHY \"${ssalab_boost_peers_why}\"
#define SSALAB_PEERS_IGRAPH_NAMES \"${ssalab_igraph_peers}\"
#define SSALAB_PEERS_IGRAPH_WHY \"${ssalab_igraph_peers_why}\"
" @ONLY)
