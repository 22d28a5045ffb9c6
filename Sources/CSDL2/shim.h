#ifndef FLICK_CSDL2_SHIM_H
#define FLICK_CSDL2_SHIM_H
#include <SDL2/SDL.h>
#include <SDL2/SDL_image.h>
#include <SDL2/SDL_ttf.h>
#include <SDL2/SDL_syswm.h>
#if defined(SDL_VIDEO_DRIVER_X11)
#include <X11/Xatom.h>
#endif

// Function-like and cast macros do not import into Swift; these inline helpers stand in for them.

/// SDL_WINDOWPOS_CENTERED (a macro over SDL_WINDOWPOS_CENTERED_MASK).
static inline int flick_windowpos_centered(void) { return (int)SDL_WINDOWPOS_CENTERED; }
static inline int flick_windowpos_centered_display(int display) { return (int)SDL_WINDOWPOS_CENTERED_DISPLAY(display); }
/// SDL_WINDOWPOS_UNDEFINED.
static inline int flick_windowpos_undefined(void) { return (int)SDL_WINDOWPOS_UNDEFINED; }

/// SDL_BUTTON(x): the button state mask of button `x` (1 = left).
static inline Uint32 flick_button_mask(int button) { return SDL_BUTTON(button); }
static inline Uint32 flick_button_lmask(void) { return SDL_BUTTON_LMASK; }
static inline Uint32 flick_button_rmask(void) { return SDL_BUTTON_RMASK; }

/// SDL_TOUCH_MOUSEID: `which` of the synthetic mouse events SDL derives from touches.
static inline Uint32 flick_touch_mouseid(void) { return SDL_TOUCH_MOUSEID; }
/// SDL_MOUSE_TOUCHID: `touchId` of the synthetic touch events SDL derives from the mouse.
static inline SDL_TouchID flick_mouse_touchid(void) { return SDL_MOUSE_TOUCHID; }

/// SDL_MUSTLOCK(surface).
static inline int flick_mustlock(const SDL_Surface *surface) { return SDL_MUSTLOCK(surface) ? 1 : 0; }

/// SDL_BlitScaled / SDL_BlitSurface are macros naming the "Upper" functions.
static inline int flick_blit_scaled(SDL_Surface *src, const SDL_Rect *srcrect, SDL_Surface *dst, SDL_Rect *dstrect) {
    return SDL_BlitScaled(src, srcrect, dst, dstrect);
}
static inline int flick_blit_surface(SDL_Surface *src, const SDL_Rect *srcrect, SDL_Surface *dst, SDL_Rect *dstrect) {
    return SDL_BlitSurface(src, srcrect, dst, dstrect);
}

/// SDL_VERSION / SDL_IMAGE_VERSION / SDL_TTF_VERSION: the versions of the headers compiled against.
static inline SDL_version flick_compiled_sdl_version(void) { SDL_version v; SDL_VERSION(&v); return v; }
static inline SDL_version flick_compiled_image_version(void) { SDL_version v; SDL_IMAGE_VERSION(&v); return v; }
static inline SDL_version flick_compiled_ttf_version(void) { SDL_version v; SDL_TTF_VERSION(&v); return v; }

/// SDL_VERSION_ATLEAST against the linked library (runtime, not headers).
static inline int flick_linked_sdl_at_least(int major, int minor, int patch) {
    SDL_version v; SDL_GetVersion(&v);
    return SDL_VERSIONNUM(v.major, v.minor, v.patch) >= SDL_VERSIONNUM(major, minor, patch);
}

/// The X server's own timestamp (milliseconds) of the X11 pointer event behind a SYSWM event:
/// returns 1 and sets `time` for ButtonPress, ButtonRelease and MotionNotify, else 0. SDL stamps
/// its events when it pumps them, which under load can be tens of milliseconds after the
/// pointer moved; the server's time is when it happened, which is what velocity needs.
static inline int flick_x11_pointer_event_time(const SDL_Event *event, unsigned long *time) {
#if defined(SDL_VIDEO_DRIVER_X11)
    if (event->type != SDL_SYSWMEVENT || event->syswm.msg == NULL) return 0;
    const SDL_SysWMmsg *msg = event->syswm.msg;
    if (msg->subsystem != SDL_SYSWM_X11) return 0;
    const XEvent *x = &msg->msg.x11.event;
    switch (x->type) {
    case ButtonPress: case ButtonRelease: *time = x->xbutton.time; return 1;
    case MotionNotify: *time = x->xmotion.time; return 1;
    default: return 0;
    }
#else
    (void)event; (void)time;
    return 0;
#endif
}

/// Whether a window manager runs on the window's X display (the EWMH way: the root window names
/// a supporting window in _NET_SUPPORTING_WM_CHECK): 1 yes, 0 no, -1 not an X11 window. Without
/// one, SDL's fullscreen asks a manager that is not there and reports a size the window never got.
static inline int flick_x11_window_manager_running(SDL_Window *window) {
#if defined(SDL_VIDEO_DRIVER_X11)
    SDL_SysWMinfo info;
    SDL_VERSION(&info.version);
    if (!SDL_GetWindowWMInfo(window, &info) || info.subsystem != SDL_SYSWM_X11) return -1;
    Display *display = info.info.x11.display;
    Atom check = XInternAtom(display, "_NET_SUPPORTING_WM_CHECK", True);
    if (check == None) return 0;
    Atom type = None; int format = 0; unsigned long count = 0, after = 0; unsigned char *data = NULL;
    int status = XGetWindowProperty(display, DefaultRootWindow(display), check, 0, 1, False, XA_WINDOW,
                                    &type, &format, &count, &after, &data);
    int found = status == Success && type == XA_WINDOW && count == 1 && data != NULL;
    if (data != NULL) XFree(data);
    return found ? 1 : 0;
#else
    (void)window;
    return -1;
#endif
}

/// Names an X11 window in UTF-8 as EWMH window managers read it: _NET_WM_NAME and
/// _NET_WM_ICON_NAME as UTF8_STRING `utf8`, and the old WM_NAME / WM_ICON_NAME as STRING
/// `latin1` (ISO 8859-1 bytes, ICCCM's type). SDL 2.26 converts a title through the C locale:
/// in the "C" locale it sent the UTF-8 bytes as Latin-1 ("flick â€” swipe") and no
/// _NET_WM_NAME; in a UTF-8 locale a character outside Latin-1 (the em dash) set no name at
/// all. Returns 1 when set, 0 when the window is not an X11 one.
static inline int flick_x11_set_window_name(SDL_Window *window, const char *utf8, const char *latin1) {
#if defined(SDL_VIDEO_DRIVER_X11)
    SDL_SysWMinfo info;
    SDL_VERSION(&info.version);
    if (!SDL_GetWindowWMInfo(window, &info) || info.subsystem != SDL_SYSWM_X11) return 0;
    Display *display = info.info.x11.display;
    Window xwindow = info.info.x11.window;
    Atom utf8String = XInternAtom(display, "UTF8_STRING", False);
    const char *names[2] = { "_NET_WM_NAME", "_NET_WM_ICON_NAME" };
    for (int i = 0; i < 2; i++) {
        XChangeProperty(display, xwindow, XInternAtom(display, names[i], False), utf8String, 8, PropModeReplace,
                        (const unsigned char *)utf8, (int)SDL_strlen(utf8));
    }
    XChangeProperty(display, xwindow, XA_WM_NAME, XA_STRING, 8, PropModeReplace,
                    (const unsigned char *)latin1, (int)SDL_strlen(latin1));
    XChangeProperty(display, xwindow, XA_WM_ICON_NAME, XA_STRING, 8, PropModeReplace,
                    (const unsigned char *)latin1, (int)SDL_strlen(latin1));
    XFlush(display);
    return 1;
#else
    (void)window; (void)utf8; (void)latin1;
    return 0;
#endif
}

/// The file descriptor of the window's connection to its X server (-1 when not an X11 window):
/// its peer is the server process (SO_PEERCRED), whose scheduling the bench reads beside a frame.
static inline int flick_x11_connection_fd(SDL_Window *window) {
#if defined(SDL_VIDEO_DRIVER_X11)
    SDL_SysWMinfo info;
    SDL_VERSION(&info.version);
    if (!SDL_GetWindowWMInfo(window, &info) || info.subsystem != SDL_SYSWM_X11) return -1;
    return ConnectionNumber(info.info.x11.display);
#else
    (void)window;
    return -1;
#endif
}

#endif
