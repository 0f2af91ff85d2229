import { resetAdminPassword } from "../services/access/admin-password.js";
import { CliError, openCli, out } from "./context.js";

/** admin reset-password: a new admin password for the dashboard, printed once on the last line. */
export async function adminResetPasswordCommand(): Promise<void> {
  const { config, db } = openCli({ writes: "admin reset-password" });
  try {
    if (config.adminPassword !== "") {
      throw new CliError(
        "ADMIN_PASSWORD is set, and it is the dashboard's password: a stored one would be ignored. " +
          "To change the password, change ADMIN_PASSWORD where it is set (the environment or the .env file) and restart the server.",
      );
    }
    const password = await resetAdminPassword(db);
    out("Made a new admin password for the dashboard and signed every dashboard session out.");
    out("A server started with ADMIN_PASSWORD set ignores it. It is shown only now:");
    out(password);
  } finally {
    db.close();
  }
}
