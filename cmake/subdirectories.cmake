# Adds every direct subdirectory of `dir` that has a CMakeLists.txt, so a new game or test
# folder joins the build without editing a shared list.
function(crownhall_add_subdirectories dir)
  file(GLOB children LIST_DIRECTORIES true RELATIVE ${dir} ${dir}/*)
  list(SORT children)
  foreach(child ${children})
    if(IS_DIRECTORY ${dir}/${child} AND EXISTS ${dir}/${child}/CMakeLists.txt)
      add_subdirectory(${dir}/${child})
    endif()
  endforeach()
endfunction()
