// MikroORM keeps entity metadata in a process-wide store; clear it between test
// files so each Medusa app boots with only its own models.
const { MetadataStorage } = require("@medusajs/framework/mikro-orm/core")
MetadataStorage.clear()
