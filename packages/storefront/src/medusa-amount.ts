// The rule lives once, in the plugin's src/rules/medusa-amount.ts (no imports, shared by the server and
// this kit); esbuild bundles it into the kit, and scripts/build-storefront.mjs ships its .d.ts.
export * from "../../../src/rules/medusa-amount.js"
