// Nothing to call: libFlickPresentProbe.so works by being preloaded (LD_PRELOAD) into flick,
// where it stands in for SDL_RenderPresent (probe.c says what it measures).
