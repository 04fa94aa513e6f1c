// libdbus-1 (Debian's libdbus-1-dev), the D-Bus library ParraPush's session bus code in
// CParraPushSupport is written against.
#include <dbus/dbus.h>
