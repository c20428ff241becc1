"""SciPy's side of bench/fit: the same wells fitted with scipy.optimize.curve_fit (bounded
trust-region, method 'trf', soft_l1 loss with the same scale), the same model (Arps on log rate:
ln q0, ln D, b), the same bounds and the same first guess. Reads the wells as JSON from stdin,
prints {"seconds": wall time of the fits, "eur": [...], "failed": n} as JSON."""
import json
import math
import sys
import time

import numpy as np
from scipy.optimize import curve_fit

data = json.load(sys.stdin)
b_min, b_max = data["bRange"]
end = data["endDelta"]
days = np.arange(0, end + 1, dtype=float)


def log_arps(t, ln_q0, ln_d, b):
    return ln_q0 - np.log1p(b * np.exp(ln_d) * t) / b


eurs = []
failed = 0
start = time.perf_counter()
for well in data["wells"]:
    t = np.asarray(well["t"], dtype=float)
    y = np.log(np.asarray(well["q"], dtype=float))
    slope, intercept = np.polyfit(t, y, 1)
    p0 = [intercept, math.log(max(-slope * 1.5, 1e-9)), min(b_max, max(b_min, 0.8))]
    try:
        p, _ = curve_fit(
            log_arps,
            t,
            y,
            p0=p0,
            bounds=([-np.inf, math.log(1e-12), b_min], [np.inf, math.log(1.0), b_max]),
            method="trf",
            loss="soft_l1",
            f_scale=0.2,
        )
        q0, d, b = math.exp(p[0]), math.exp(p[1]), p[2]
        eurs.append(float(np.sum(q0 * np.exp(-np.log1p(b * d * days) / b))))
    except Exception:  # noqa: BLE001 - a failed fit is counted, as ours are
        failed += 1
        eurs.append(None)
seconds = time.perf_counter() - start
json.dump({"seconds": seconds, "eur": eurs, "failed": failed}, sys.stdout)
