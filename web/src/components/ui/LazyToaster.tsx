import { lazy, Suspense, useEffect, useState, useSyncExternalStore } from "react";
import { getToasts, subscribeToasts } from "../../lib/toast";

// Radix Toast and the icons load with the first toast, keeping them off pages that show none.
const Toaster = lazy(() => import("./Toaster").then((module) => ({ default: module.Toaster })));

/** The key that focuses the notifications region (spec §9). */
const REGION_HOTKEY = "F8";

let needed = false;
/** True from the first toast on (the Toaster then stays mounted, as when it was always there). */
const toasterNeeded = () => (needed ||= getToasts().length > 0);

/** Mounts the Toaster when the first toast is shown, or when F8 asks for the region first. Mounted once at the root. */
export function LazyToaster() {
  const toastShown = useSyncExternalStore(subscribeToasts, toasterNeeded, () => false);
  const [regionAsked, setRegionAsked] = useState(false);
  useEffect(() => {
    if (toastShown || regionAsked) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === REGION_HOTKEY) setRegionAsked(true);
    };
    window.addEventListener("keydown", onKeyDown);
    return () => window.removeEventListener("keydown", onKeyDown);
  }, [toastShown, regionAsked]);
  if (!toastShown && !regionAsked) return null;
  return (
    <Suspense fallback={null}>
      <Toaster focusOnMount={regionAsked && !toastShown} />
    </Suspense>
  );
}
