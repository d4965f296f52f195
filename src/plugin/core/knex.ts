/** The little of Medusa's knex connection (PG_CONNECTION) the ledgers use: a table builder and raw SQL. */
export type Knex = {
  (table: string): any
  raw: (sql: string, bindings?: unknown[]) => Promise<any>
}
