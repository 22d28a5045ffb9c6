// Dear ImGui's SDL_Renderer backend, compiled unchanged from the source Debian ships with
// libimgui-dev (its examples; libimgui.a has the SDL2 platform backend but no SDL_Renderer one).
// Nothing of it is copied here: a machine without that file cannot build the tool UI.
#define FLICK_IMGUI_SDLRENDERER "/usr/share/doc/libimgui-dev/examples/backends/imgui_impl_sdlrenderer.cpp"
#if !__has_include(FLICK_IMGUI_SDLRENDERER)
#error "libimgui-dev's backend sources are missing (a dpkg path-exclude of /usr/share/doc?): apt-get install --reinstall libimgui-dev"
#endif
// ImGui 1.86's sources memset a few non-trivial types on purpose; not ours to change.
#pragma clang diagnostic push
#pragma clang diagnostic ignored "-Wunknown-warning-option"
#pragma clang diagnostic ignored "-Wnontrivial-memcall"
#pragma clang diagnostic ignored "-Wold-style-cast"
#include FLICK_IMGUI_SDLRENDERER
#pragma clang diagnostic pop
