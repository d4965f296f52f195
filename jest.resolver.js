// The storefront kit (packages/storefront, "type": "module") imports its own files as "./x.js",
// as Node ESM and TypeScript's node16/nodenext need; in jest those files are the .ts source.
// Only requests from the kit's source are changed: every other module resolves as jest's default.
const { join, sep } = require("node:path")
const KIT_SRC = join(__dirname, "packages", "storefront", "src") + sep

module.exports = (request, options) => {
  if (options.basedir && (options.basedir + sep).startsWith(KIT_SRC) && /^\.{1,2}\/.*\.js$/.test(request)) {
    return options.defaultResolver(request.slice(0, -".js".length), options)
  }
  return options.defaultResolver(request, options)
}
