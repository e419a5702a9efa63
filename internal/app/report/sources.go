package report

import "html/template"

// sourcesHTML lists what the page cites: the three source documents by
// subject (README: Sources) and the papers and programs by author and year.
const sourcesHTML template.HTML = `<p>The three source documents, whose formulas are pokerlab's specification:</p>
<ul>
<li><b>The QRE note</b> — the logit quantal response equilibrium of the AKQ game compared with its Nash
equilibrium: the QRE's equations, its limits and asymptotics in λ, the exploitability against λ, and internal
energy, entropy and free energy per hand (Sections 1–3).</li>
<li><b>The CFR lecture</b> — extensive-form games, NashConv and exploitability, counterfactual regret
minimisation with regret matching and the reach-weighted average strategy, and its successors (Section 4).</li>
<li><b>The NPC design note</b> — No-Limit Hold'em computer players configured by HUD statistics, deciding by
Monte Carlo hand strength against quantiles of the strength distribution of the hands that reach each decision
(Sections 5 and 6).</li>
</ul>
<p>Papers and programs:</p>
<ul>
<li>Brown, N. &amp; Sandholm, T. (2019). Solving imperfect-information games via discounted regret minimization. AAAI (Linear and Discounted CFR).</li>
<li>Farina, G., Kroer, C. &amp; Sandholm, T. (2021). Faster game solving via predictive Blackwell approachability. AAAI (Predictive CFR+).</li>
<li>Kuhn, H. W. (1950). A simplified two-person poker. Contributions to the Theory of Games I (Kuhn poker).</li>
<li>Lanctot, M., Waugh, K., Zinkevich, M. &amp; Bowling, M. (2009). Monte Carlo sampling for regret minimization in extensive games. NIPS (external- and outcome-sampling MCCFR).</li>
<li>Lanctot, M. et al. (2019). OpenSpiel: a framework for reinforcement learning in games. arXiv:1908.09453 (the C++ CFR timings of Section 4).</li>
<li>McKelvey, R. D. &amp; Palfrey, T. R. (1995). Quantal response equilibria for normal form games. Games and Economic Behavior 10 (logit QRE).</li>
<li>McKelvey, R. D. &amp; Palfrey, T. R. (1998). Quantal response equilibria for extensive form games. Experimental Economics 1 (agent QRE).</li>
<li>OMPEval, a C++ hand evaluator and equity calculator (github.com/zekyll/OMPEval), the speed reference of Section 5.</li>
<li>Southey, F. et al. (2005). Bayes' bluff: opponent modelling in poker. UAI (Leduc Hold'em).</li>
<li>Tammelin, O. (2014). Solving large imperfect information games using CFR+. arXiv:1407.5042 (CFR+).</li>
<li>Turocy, T. L. (2005). A dynamic homotopy interpretation of the logistic quantal response equilibrium correspondence. Games and Economic Behavior 51 (tracing the QRE in λ).</li>
<li>Wilson, E. B. (1927). Probable inference, the law of succession, and statistical inference. JASA 22 (the intervals of Section 6).</li>
<li>Zinkevich, M., Johanson, M., Bowling, M. &amp; Piccione, C. (2007). Regret minimization in games with incomplete information. NIPS (CFR).</li>
</ul>
<p>Measurements behind the speed claims are in the repository's docs/benchmarks.md, sections
“Evaluator and equity, side by side with OMPEval”, “CFR family” and “QRE on spots”.</p>`
