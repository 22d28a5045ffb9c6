#ifndef FLICK_CSDL2_SHIM_H
#define FLICK_CSDL2_SHIM_H
#include <SDL2/SDL.h>
#include <SDL2/SDL_image.h>
#include <SDL2/SDL_ttf.h>
#endif
