import { defineConfig } from "drizzle-kit";

export default defineConfig({
  dialect: "sqlite",
  schema: "./src/catalog/store/schema.ts",
  out: "./migrations",
  dbCredentials: { url: "data/catalog.db" },
});
