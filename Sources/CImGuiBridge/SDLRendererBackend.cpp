// Dear ImGui 1.86's SDL_Renderer backend (libimgui.a has the SDL2 platform backend but not this
// one), compiled from its source in backends/, kept byte for byte as Dear ImGui ships it (MIT,
// backends/LICENSE.txt). It is compiled through this file, and excluded from the target itself
// (Package.swift), so that the warnings below are silenced for it alone, without editing it.
// ImGui 1.86's sources memset a few non-trivial types on purpose; not ours to change.
// Its one SDL_RenderGeometryRaw call goes through Flick's guard against the software triangle
// filler's overflow (CSafeGeometry.h), by name, so the file itself stays as shipped.
#include <SDL2/SDL.h>
#include "CSafeGeometry.h"
#define SDL_RenderGeometryRaw flick_render_geometry_raw
#pragma clang diagnostic push
#pragma clang diagnostic ignored "-Wunknown-warning-option"
#pragma clang diagnostic ignored "-Wnontrivial-memcall"
#pragma clang diagnostic ignored "-Wold-style-cast"
#include "backends/imgui_impl_sdlrenderer.cpp"
#pragma clang diagnostic pop
#undef SDL_RenderGeometryRaw
