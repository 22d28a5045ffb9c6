#ifndef FLICK_CIMGUI_LINK_H
#define FLICK_CIMGUI_LINK_H
// Dear ImGui (Debian's libimgui-dev: /usr/include/imgui, libimgui.a, pkg-config `imgui`) is C++;
// this system module exists only to bring its include path and link flags (-limgui -lstb) to
// CImGuiBridge, the C++ target that calls it. Swift code imports CImGuiBridge, never this.
#endif
