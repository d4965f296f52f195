// The rule lives once, in the plugin's src/rules/fpx-rules.ts (no imports, shared by the server and
// this kit); esbuild bundles it into the kit, and scripts/build-storefront.mjs ships its .d.ts.
export * from "../../../src/rules/fpx-rules.js"
