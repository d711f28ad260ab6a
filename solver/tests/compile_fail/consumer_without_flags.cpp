// Must not compile: a translation unit built without lawcheck's flags (-march) that includes a
// lawcheck header. Its objects would disagree with lawcheck's on Eigen's alignment and crash at run
// time; core/build_config.hpp stops it here, naming the option.
#include "laws/contact_law.hpp"

int main() {}
