/** What the after-sales operations (refunds, returns, cancellations, cases) need from the request. */
import type { Db } from '../db/client';

export interface AfterSalesDeps {
  db: Db;
  /** The Worker's bindings: the payment gateway's configuration, the file bucket… */
  env: Env;
  now: Date;
}
