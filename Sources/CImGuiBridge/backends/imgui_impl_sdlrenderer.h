// Forwards to Debian's header (libimgui-dev: /usr/include/imgui/backends), so the backend's own
// source, compiled in SDLRendererBackend.cpp, finds it under the name it includes.
#pragma once
#include <backends/imgui_impl_sdlrenderer.h>
