// `import Parra` is all an app writes: the app model (App, scenes, windows, views, delegates)
// comes with it.
@_exported import ParraAppModel
@_exported import ParraShared

@_exported import struct ParraAPI.ParraAppInfo
// Who is using the app and what the server says of it, as the SDK names them: what the launch
// hands `ParraApp`'s `performLaunchPrerequisite`.
@_exported import enum ParraAPI.ParraAuthState
@_exported import struct ParraAPI.ParraGuest
@_exported import struct ParraAPI.ParraUser
