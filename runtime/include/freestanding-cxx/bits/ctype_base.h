/* ctype masks as picolibc's <ctype.h> classifies characters (libstdc++'s newlib model); see
 * c++locale.h here for why device code has them. */
namespace std _GLIBCXX_VISIBILITY(default) {
_GLIBCXX_BEGIN_NAMESPACE_VERSION
struct ctype_base {
  typedef const int* __to_type;
  typedef unsigned short mask;
  static const mask upper = _U;
  static const mask lower = _L;
  static const mask alpha = _U | _L;
  static const mask digit = _N;
  static const mask xdigit = _X | _N;
  static const mask space = _S;
  static const mask print = _P | _U | _L | _N | _B;
  static const mask graph = _P | _U | _L | _N;
  static const mask cntrl = _C;
  static const mask punct = _P;
  static const mask alnum = _U | _L | _N;
  static const mask blank = space;
};
_GLIBCXX_END_NAMESPACE_VERSION
}
