/// Flick's own `exp`, `log`, `sin`, `cos`, `pow` and `atan2` for `Double`, in pure Swift.
///
/// The engine must give the same results, bit for bit, wherever it runs: natively, where libm
/// exists, and in WebAssembly built with Embedded Swift, where it does not. libm differs between
/// platforms and versions in the last bit, so the engine uses these functions instead. They use
/// only the four basic operations, comparisons and bit patterns, which IEEE 754 and WebAssembly
/// define exactly, so every target rounds alike.
///
/// Each function reduces its argument exactly (or to far beyond double precision), evaluates
/// in double-double arithmetic (``DoubleDouble``, about 106 bits) and rounds once at the end. The
/// error before that last rounding is below about 2^-65 relative, so results are within 1 ulp of
/// the exact value and almost always correctly rounded. docs/math.md gives the methods, the
/// ranges and the accuracy measured against glibc.
///
/// NaN results are always the canonical quiet NaN, `Double.nan`, whatever NaN came in: WebAssembly
/// does not fix the sign or payload of a NaN that arithmetic produces, a constant does.
public enum Elementary {}
