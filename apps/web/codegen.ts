import type { CodegenConfig } from "@graphql-codegen/cli";

/**
 * Typed GraphQL operations from the server's committed schema.
 * `documentMode: "string"` keeps the operations as plain strings, so the app ships no GraphQL parser.
 */
const config: CodegenConfig = {
  schema: "../server/schema.graphql",
  documents: ["src/**/*.{ts,tsx}", "!src/gql/**/*"],
  ignoreNoDocuments: true,
  generates: {
    "src/gql/": {
      preset: "client",
      presetConfig: { fragmentMasking: false },
      config: {
        documentMode: "string",
        useTypeImports: true,
        enumsAsTypes: true,
        avoidOptionals: { field: true, inputValue: false, object: true, defaultValue: false },
        scalars: { DateTime: "string", JSON: "unknown" },
      },
    },
  },
};

export default config;
