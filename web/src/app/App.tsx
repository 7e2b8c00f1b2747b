import { RouterProvider } from "react-router-dom";
import { AuthProvider } from "../lib/auth";
import { router } from "./router";

/** react-query is not loaded here: the routes that use it bring their own provider (see router.tsx). */
export function App() {
  return (
    <AuthProvider>
      <RouterProvider router={router} />
    </AuthProvider>
  );
}
