print("flick: the SDL app is not built yet (see issue 4); this placeholder opens no window.")
