/* Device code includes hosted headers (<iostream>, <sstream>) through the user's headers that host
 * code shares, without calling what they declare. The host's locale headers are glibc's ("gnu"
 * model); these stand-ins are libstdc++'s "generic" model over picolibc, enough for the headers to
 * compile (nothing of the locale library is linked into a kernel). */
#ifndef _GLIBCXX_CXX_LOCALE_H
#define _GLIBCXX_CXX_LOCALE_H 1
#pragma GCC system_header
#include <clocale>
#include <cstdarg>
#include <cstdio>
#define _GLIBCXX_NUM_CATEGORIES 0
namespace std _GLIBCXX_VISIBILITY(default) {
_GLIBCXX_BEGIN_NAMESPACE_VERSION
typedef int* __c_locale;
inline int __convert_from_v(const __c_locale&, char* __out, const int __size, const char* __fmt, ...) {
  va_list __args;
  va_start(__args, __fmt);
  const int __ret = __builtin_vsnprintf(__out, __size, __fmt, __args);
  va_end(__args);
  return __ret;
}
_GLIBCXX_END_NAMESPACE_VERSION
}
#endif
