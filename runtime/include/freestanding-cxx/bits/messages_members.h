/* std::messages without a message catalogue (libstdc++'s generic model; the host's needs glibc's
 * libintl.h); see c++locale.h here for why device code has it. */
#pragma GCC system_header
namespace std _GLIBCXX_VISIBILITY(default) {
_GLIBCXX_BEGIN_NAMESPACE_VERSION
template <typename _CharT> messages<_CharT>::messages(size_t __refs) : facet(__refs) {}
template <typename _CharT> messages<_CharT>::messages(__c_locale, const char*, size_t __refs) : facet(__refs) {}
template <typename _CharT> typename messages<_CharT>::catalog messages<_CharT>::do_open(const basic_string<char>&, const locale&) const { return 0; }
template <typename _CharT> typename messages<_CharT>::string_type messages<_CharT>::do_get(catalog, int, int, const string_type& __dfault) const { return __dfault; }
template <typename _CharT> void messages<_CharT>::do_close(catalog) const {}
template <typename _CharT> messages<_CharT>::~messages() {}
template <typename _CharT> messages_byname<_CharT>::messages_byname(const char* __s, size_t __refs) : messages<_CharT>(__refs) {}
_GLIBCXX_END_NAMESPACE_VERSION
}
