#ifndef FLICK_CQRENCODE_SHIM_H
#define FLICK_CQRENCODE_SHIM_H
// libqrencode (Debian's libqrencode-dev): the phone's URL as a QR code for the facilitator.
#include <qrencode.h>
#endif
