#!/usr/bin/env bash
# Builds flick_<version>_amd64.deb in .build-deb/ (docs/install.md says what it holds):
#
#   /usr/lib/flick/flick                        the binary, Swift runtime linked in statically
#   /usr/lib/flick/Flick_FlickPhone.resources   -> /usr/share/flick/Flick_FlickPhone.resources
#   /usr/bin/flick                              -> /usr/lib/flick/flick
#   /usr/share/flick/                           bundled cards, presets, the phone page, the
#                                               engine the page runs (flick-engine.wasm and
#                                               .mjs, from make wasm); the fonts as links
#                                               into fonts-dejavu-core
#   /usr/share/man/man1/flick*.1.gz             from the command tree (generate-manual)
#   bash, zsh and fish completions              from --generate-completion-script
#
# The binary lives in /usr/lib/flick because SwiftPM's resource accessor looks for the phone
# page's bundle beside the real executable (through the /usr/bin symlink), and /usr/bin may hold
# no folders. CardSource.defaultFolder finds /usr/share/flick from the binary's own path.
#
# The version is FlickVersion.current, read back from the binary's --version, so the file name,
# the control file, the changelog and `flick --version` cannot disagree. Depends come from
# dpkg-shlibdeps on the binary. lintian runs at the end; an error fails the build.
#
# Usage: packaging/build-deb.sh
#   BUILD_LOCK=FILE         each swift command under flock FILE
#   DEB_SCRATCH=DIR         the scratch folder (.build-deb), where the package is written too
#   DEB_MAINTAINER="N <m>"  the Maintainer field, the last commit's committer by default
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
HERE="$ROOT/packaging"
SCRATCH=${DEB_SCRATCH:-$ROOT/.build-deb}
export PATH="/opt/swift/usr/bin:$PATH"
cd "$ROOT"

swiftlocked() { if [ -n "${BUILD_LOCK:-}" ]; then flock -o "$BUILD_LOCK" swift "$@"; else swift "$@"; fi; }
step() { echo "== $*"; }

# Dependencies: the checkouts `make build` already fetched, when there are any, so this second
# scratch folder fetches nothing again.
if [ ! -d "$SCRATCH/checkouts" ] && [ -d "$ROOT/.build/checkouts" ]; then
  mkdir -p "$SCRATCH"
  cp -a "$ROOT/.build/checkouts" "$ROOT/.build/repositories" "$ROOT/.build/workspace-state.json" "$SCRATCH/"
fi

step "flick, release, Swift runtime linked statically"
swiftlocked build -c release --product flick --static-swift-stdlib --scratch-path "$SCRATCH"
BINDIR="$SCRATCH/release"
BIN="$BINDIR/flick"

# generate-manual, the tool behind swift-argument-parser's generate-manual plug-in, built from
# the same checkout flick links; the plug-in would build flick a second time on its own.
step "generate-manual (swift-argument-parser's tool)"
(cd "$SCRATCH/checkouts/swift-argument-parser" &&
  swiftlocked build -c release --product generate-manual --scratch-path "$SCRATCH/tools")
GENERATE_MANUAL="$SCRATCH/tools/release/generate-manual"

VERSION=$("$BIN" --version)
[[ "$VERSION" =~ ^[0-9][0-9A-Za-z.+~-]*$ ]] || { echo "flick --version printed '$VERSION', not a Debian version" >&2; exit 1; }
ARCH=$(dpkg --print-architecture)
DEB="$SCRATCH/flick_${VERSION}_${ARCH}.deb"
# Dates inside the package (changelog, man pages) from the last commit, so a rebuild of the
# same commit gives the same files.
export SOURCE_DATE_EPOCH=${SOURCE_DATE_EPOCH:-$(git log -1 --format=%ct)}
MAINTAINER=${DEB_MAINTAINER:-$(git log -1 --format='%cn <%ce>')}

step "staging flick $VERSION"
STAGE="$SCRATCH/pkg"
PKG="$STAGE/flick"
rm -rf "$STAGE"
mkdir -p "$PKG/DEBIAN" "$PKG/usr/bin" "$PKG/usr/lib/flick" "$PKG/usr/share/flick/presets" \
  "$PKG/usr/share/man/man1" "$PKG/usr/share/doc/flick" "$PKG/usr/share/bash-completion/completions" \
  "$PKG/usr/share/zsh/vendor-completions" "$PKG/usr/share/fish/vendor_completions.d"

install -m 0755 "$BIN" "$PKG/usr/lib/flick/flick"
strip --strip-unneeded --remove-section=.comment --remove-section=.note "$PKG/usr/lib/flick/flick"
ln -s ../lib/flick/flick "$PKG/usr/bin/flick"

# Every resource bundle SwiftPM made for flick (today the phone page's), kept in /usr/share.
for bundle in "$BINDIR"/*.resources; do
  name=$(basename "$bundle")
  case $name in *Tests.resources) continue ;; esac
  cp -r "$bundle" "$PKG/usr/share/flick/$name"
  ln -s "../../share/flick/$name" "$PKG/usr/lib/flick/$name"
done

install -m 0644 assets/[0-9][0-9]-*.png "$PKG/usr/share/flick/"
# The engine the phone's page runs with --phone-engine (docs/wasm.md): flick finds it in
# /usr/share/flick from its own path, as it finds the cards.
for f in flick-engine.wasm flick-engine.mjs; do
  [ -s "$ROOT/.build/wasm/$f" ] || { echo "no .build/wasm/$f: make wasm builds it (make deb does)" >&2; exit 1; }
  install -m 0644 "$ROOT/.build/wasm/$f" "$PKG/usr/share/flick/$f"
done
install -m 0644 assets/presets/*.json "$PKG/usr/share/flick/presets/"
# The fonts are fonts-dejavu-core's own files (the same bytes): links, not copies.
for font in DejaVuSans.ttf DejaVuSans-Bold.ttf; do
  debian_font="/usr/share/fonts/truetype/dejavu/$font"
  if [ -f "$debian_font" ] && ! cmp -s "assets/$font" "$debian_font"; then
    echo "assets/$font differs from fonts-dejavu-core's $debian_font: link it no longer" >&2; exit 1
  fi
  ln -s "../fonts/truetype/dejavu/$font" "$PKG/usr/share/flick/$font"
done

step "man pages and completions"
MAN="$SCRATCH/man"; rm -rf "$MAN"; mkdir -p "$MAN"
"$GENERATE_MANUAL" "$BIN" --multi-page --section 1 \
  --date "$(date -u -d "@$SOURCE_DATE_EPOCH" +%Y-%m-%d)" --output-directory "$MAN"
# Named as Debian names subcommands' pages (flick-study.1, like git-log.1), with a one-word NAME
# that whatis and apropos can read; the synopsis still shows the command as typed (flick study).
# A blank line in a discussion becomes a paragraph break, which is what it means there.
for page in "$MAN"/*.1; do
  name=$(basename "$page" .1)
  dashed=${name//./-}
  sed -e "s/^\.Dt [^ ]* /.Dt ${dashed^^} /" \
      -e "/^\.Sh NAME/,/^\.Sh SYNOPSIS/ s/^\.Nm .*/.Nm $dashed/" \
      -e "/^\.Sh SYNOPSIS/,/^\.Sh DESCRIPTION/ s/^\.Nm\$/.Nm ${name//./ }/" \
      -e 's/^\.Xr flick\.\([a-z-]*\)/.Xr flick-\1/' \
      -e 's/^$/.Pp/' "$page" | gzip -9n >"$PKG/usr/share/man/man1/$dashed.1.gz"
done
# A completion script is sourced, never run: no #! line.
"$BIN" --generate-completion-script bash | sed '1{/^#!/d}' >"$PKG/usr/share/bash-completion/completions/flick"
"$BIN" --generate-completion-script zsh >"$PKG/usr/share/zsh/vendor-completions/_flick"
"$BIN" --generate-completion-script fish >"$PKG/usr/share/fish/vendor_completions.d/flick.fish"

install -m 0644 "$HERE/copyright" "$PKG/usr/share/doc/flick/copyright"
{
  echo "flick ($VERSION) unstable; urgency=medium"
  echo
  echo "  * Built from commit $(git rev-parse --short HEAD) with make deb."
  echo
  echo " -- $MAINTAINER  $(date -u -R -d "@$SOURCE_DATE_EPOCH")"
} | gzip -9n >"$PKG/usr/share/doc/flick/changelog.gz"

step "Depends from dpkg-shlibdeps"
# dpkg-shlibdeps reads a debian/control: a throwaway one names the package.
SHL="$SCRATCH/shlibdeps"; rm -rf "$SHL"; mkdir -p "$SHL/debian"
printf 'Source: flick\n\nPackage: flick\nArchitecture: any\n' >"$SHL/debian/control"
DEPENDS=$(cd "$SHL" && dpkg-shlibdeps -O "$PKG/usr/lib/flick/flick" | sed -n 's/^shlibs:Depends=//p')
[ -n "$DEPENDS" ] || { echo "dpkg-shlibdeps found no dependencies" >&2; exit 1; }
echo "shlibs:Depends: $DEPENDS"

find "$PKG" -type d -exec chmod 0755 {} +
find "$PKG/usr/share" -type f -exec chmod 0644 {} +
INSTALLED_SIZE=$(du -sk --apparent-size --exclude=DEBIAN "$PKG" | cut -f1)
sed -e "s|@VERSION@|$VERSION|" -e "s|@ARCH@|$ARCH|" -e "s|@MAINTAINER@|$MAINTAINER|" \
    -e "s|@DEPENDS@|$DEPENDS, fonts-dejavu-core|" -e "s|@INSTALLED_SIZE@|$INSTALLED_SIZE|" \
    "$HERE/control.in" >"$PKG/DEBIAN/control"
(cd "$PKG" && find usr -type f -print0 | sort -z | xargs -0 md5sum >DEBIAN/md5sums)
chmod 0644 "$PKG/DEBIAN/control" "$PKG/DEBIAN/md5sums"

step "dpkg-deb"
rm -f "$SCRATCH"/flick_*.deb
dpkg-deb --root-owner-group -Zxz --build "$PKG" "$DEB" >/dev/null
echo "$DEB: $(du -h "$DEB" | cut -f1) ($(stat -c %s "$DEB") bytes), installed $INSTALLED_SIZE KiB"

step "lintian"
# --fail-on error: warnings are printed, only errors fail.
lintian --fail-on error --info "$DEB"
echo "lintian: no errors"
