// `import Parra` is all an app writes: the app model (App, scenes, windows, views, delegates)
// comes with it.
@_exported import ParraAppModel
