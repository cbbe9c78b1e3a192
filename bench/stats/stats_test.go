package stats

import (
	"math"
	"testing"
)

// Expected figures below were computed independently with python3, using
// these definitions (paste into `python3 -` to regenerate):
//
//	from math import log10, log, sqrt, erf
//	from statistics import NormalDist
//	z = NormalDist().inv_cdf(0.975)                    # 1.959963984540054
//	elo = lambda s: -400*log10(1/s-1)
//	L = lambda e: 1/(1+10**(-e/400))
//	def tri(W,D,Lo):                                    # trinomial
//	    n=W+D+Lo; s=(W+D/2)/n
//	    var=(W*(1-s)**2+D*(0.5-s)**2+Lo*(0-s)**2)/n
//	    sig=sqrt(var/n)
//	    err=(elo(s+z*sig)-elo(s-z*sig))/2
//	    los=0.5*(1+erf((W-Lo)/sqrt(2*(W+Lo))))
//	    return s, elo(s), err, los, D/n, var, n
//	def llr(n, mu, var, e0, e1):                        # GSPRT normal approx.
//	    s0,s1=L(e0),L(e1)
//	    return n*(s1-s0)*(2*mu-s0-s1)/(2*var)
//	def penta(p):                                       # pentanomial
//	    n=sum(p); xs=[i/4 for i in range(5)]
//	    mu=sum(c*x for c,x in zip(p,xs))/n
//	    var=sum(c*(x-mu)**2 for c,x in zip(p,xs))/n
//	    sig=sqrt(var/n)
//	    return mu, elo(mu), (elo(mu+z*sig)-elo(mu-z*sig))/2, var, n

const tol = 0.01

func near(t *testing.T, what string, got, want, tolerance float64) {
	t.Helper()
	if math.IsNaN(got) || math.Abs(got-want) > tolerance {
		t.Errorf("%s = %.6f, want %.6f (±%g)", what, got, want, tolerance)
	}
}

func TestTrinomial(t *testing.T) {
	cases := []struct {
		s                       Score
		frac, elo, err, los, dr float64
		sprt                    SPRT
		llr                     float64
	}{
		{
			// s,e,err,los,dr,var,n = tri(60,20,20); llr(n,s,var,0,10)
			s:    Score{Wins: 60, Draws: 20, Losses: 20},
			frac: 0.7, elo: 147.190714, err: 66.013381, los: 0.99999613, dr: 0.2,
			sprt: SPRT{Elo0: 0, Elo1: 10, Alpha: 0.05, Beta: 0.05}, llr: 1.733713,
		},
		{
			// tri(1234,2345,1111); llr(n,s,var,0,5)
			s:    Score{Wins: 1234, Draws: 2345, Losses: 1111},
			frac: 0.513113, elo: 9.113940, err: 7.032023, los: 0.99445737, dr: 0.5,
			sprt: SPRT{Elo0: 0, Elo1: 5, Alpha: 0.05, Beta: 0.05}, llr: 2.572329,
		},
		{
			// tri(30,40,30); llr(n,s,var,0,5)
			s:    Score{Wins: 30, Draws: 40, Losses: 30},
			frac: 0.5, elo: 0, err: 53.157980, los: 0.5, dr: 0.4,
			sprt: SPRT{Elo0: 0, Elo1: 5, Alpha: 0.05, Beta: 0.05}, llr: -0.017256,
		},
		{
			// tri(100,250,140); llr(n,s,var,-5,0)
			s:    Score{Wins: 100, Draws: 250, Losses: 140},
			frac: 0.459184, elo: -28.425342, err: 21.554048, los: 0.00491164, dr: 0.510204,
			sprt: SPRT{Elo0: -5, Elo1: 0, Alpha: 0.05, Beta: 0.05}, llr: -1.086396,
		},
	}
	for _, c := range cases {
		t.Run("", func(t *testing.T) {
			near(t, "Fraction", c.s.Fraction(), c.frac, 1e-5)
			near(t, "Elo", c.s.Elo(), c.elo, tol)
			near(t, "ErrorBar", c.s.ErrorBar(), c.err, tol)
			near(t, "LOS", c.s.LOS(), c.los, 1e-6)
			near(t, "DrawRatio", c.s.DrawRatio(), c.dr, 1e-5)
			near(t, "LLR", c.sprt.LLR(c.s), c.llr, tol)
		})
	}
}

func TestPentanomial(t *testing.T) {
	cases := []struct {
		p              Penta
		frac, elo, err float64
		llr            float64 // SPRT{0, 5, 0.05, 0.05}
	}{
		// mu,e,err,var,n = penta([10,50,200,70,20]); llr(n,mu,var,0,5)
		{Penta{10, 50, 200, 70, 20}, 0.528571, 19.875114, 14.984635, 1.495956},
		// penta([3,40,120,50,7]); llr(n,mu,var,0,5)
		{Penta{3, 40, 120, 50, 7}, 0.520455, 14.221211, 17.590067, 0.730779},
	}
	sprt := SPRT{Elo0: 0, Elo1: 5, Alpha: 0.05, Beta: 0.05}
	for _, c := range cases {
		near(t, "Fraction", c.p.Fraction(), c.frac, 1e-5)
		near(t, "Elo", c.p.Elo(), c.elo, tol)
		near(t, "ErrorBar", c.p.ErrorBar(), c.err, tol)
		near(t, "LLRPenta", sprt.LLRPenta(c.p), c.llr, tol)
	}
}

func TestAdd(t *testing.T) {
	var s Score
	var p Penta
	pairs := [][2]Outcome{{Win, Win}, {Win, Draw}, {Win, Loss}, {Draw, Draw}, {Loss, Draw}, {Loss, Loss}, {Draw, Win}}
	for _, pr := range pairs {
		s.Add(pr[0])
		s.Add(pr[1])
		p.AddPair(pr[0], pr[1])
	}
	s.Add(Outcome(7))
	p.AddPair(Win, Outcome(-1))
	if want := (Score{Wins: 5, Draws: 5, Losses: 4}); s != want {
		t.Errorf("Score = %+v, want %+v", s, want)
	}
	if want := (Penta{1, 1, 2, 2, 1}); p != want {
		t.Errorf("Penta = %v, want %v", p, want)
	}
	if p.Pairs() != 7 || s.Games() != 14 {
		t.Errorf("Pairs %d Games %d, want 7 14", p.Pairs(), s.Games())
	}
	// Both views agree on the score fraction when built from the same games.
	near(t, "fraction", p.Fraction(), s.Fraction(), 1e-12)
}

func TestEloConversions(t *testing.T) {
	near(t, "EloFromScore(0.7)", EloFromScore(0.7), 147.190714, tol) // elo(0.7)
	near(t, "ScoreFromElo(100)", ScoreFromElo(100), 0.640065, 1e-6)  // L(100)
	for _, e := range []float64{-600, -5, 0, 3.5, 250} {
		near(t, "round trip", EloFromScore(ScoreFromElo(e)), e, 1e-9)
	}
	if !math.IsInf(EloFromScore(1), 1) || !math.IsInf(EloFromScore(0), -1) {
		t.Error("EloFromScore(1) / (0) should be +Inf / -Inf")
	}
	if e := EloFromScore(0.5); e != 0 || math.Signbit(e) {
		t.Errorf("EloFromScore(0.5) = %v, want +0", e)
	}
}

func TestSPRTBoundsAndDecide(t *testing.T) {
	sprt := SPRT{Elo0: 0, Elo1: 5, Alpha: 0.05, Beta: 0.05}
	lo, hi := sprt.Bounds()
	near(t, "lower", lo, -2.944439, 1e-6) // log(0.05/0.95)
	near(t, "upper", hi, 2.944439, 1e-6)  // log(0.95/0.05)
	lo, hi = SPRT{Elo0: 0, Elo1: 5, Alpha: 0.05, Beta: 0.1}.Bounds()
	near(t, "lower", lo, -2.251292, 1e-6) // log(0.1/0.95)
	near(t, "upper", hi, 2.890372, 1e-6)  // log(0.9/0.05)

	for _, c := range []struct {
		llr  float64
		want Decision
	}{
		{0, Continue}, {2.9, Continue}, {-2.9, Continue}, {2.95, AcceptH1}, {-2.95, AcceptH0},
		{math.Inf(1), AcceptH1}, {math.Inf(-1), AcceptH0}, {math.NaN(), Continue},
	} {
		if got := sprt.Decide(c.llr); got != c.want {
			t.Errorf("Decide(%v) = %v, want %v", c.llr, got, c.want)
		}
	}

	// A strong result accepts H1, a weak one H0.
	if d := sprt.Decide(sprt.LLR(Score{Wins: 1300, Draws: 2400, Losses: 1000})); d != AcceptH1 {
		t.Errorf("strong result: %v, want accept H1", d)
	}
	if d := sprt.Decide(sprt.LLR(Score{Wins: 1000, Draws: 2400, Losses: 1100})); d != AcceptH0 {
		t.Errorf("weak result: %v, want accept H0", d)
	}

	// Invalid tests never decide.
	for _, bad := range []SPRT{{}, {Elo0: 5, Elo1: 0, Alpha: 0.05, Beta: 0.05},
		{Elo0: 0, Elo1: 5, Alpha: 0, Beta: 0.05}, {Elo0: 0, Elo1: 5, Alpha: 0.6, Beta: 0.5},
		{Elo0: math.NaN(), Elo1: 5, Alpha: 0.05, Beta: 0.05}} {
		if bad.Valid() || bad.Decide(100) != Continue || bad.LLR(Score{Wins: 9, Losses: 1}) != 0 {
			t.Errorf("invalid %+v: should be invalid, LLR 0, Continue", bad)
		}
		if lo, hi := bad.Bounds(); !math.IsInf(lo, -1) || !math.IsInf(hi, 1) {
			t.Errorf("invalid %+v: bounds %v %v, want -Inf +Inf", bad, lo, hi)
		}
	}
}

func TestDegenerate(t *testing.T) {
	sprt := SPRT{Elo0: 0, Elo1: 5, Alpha: 0.05, Beta: 0.05}
	scores := []Score{{}, {Draws: 10}, {Wins: 10}, {Losses: 10}, {Wins: -1, Draws: 3}, {Wins: 9, Losses: 1}}
	for _, s := range scores {
		for name, v := range map[string]float64{
			"Fraction": s.Fraction(), "Elo": s.Elo(), "ErrorBar": s.ErrorBar(),
			"LOS": s.LOS(), "DrawRatio": s.DrawRatio(),
		} {
			if math.IsNaN(v) {
				t.Errorf("%+v: %s is NaN", s, name)
			}
		}
		if s.Wins > 0 && s.Losses > 0 {
			continue // a real result, checked below
		}
		if llr := sprt.LLR(s); llr != 0 {
			t.Errorf("%+v: LLR = %v, want 0", s, llr)
		}
		if d := sprt.Decide(sprt.LLR(s)); d != Continue {
			t.Errorf("%+v: Decide = %v, want continue", s, d)
		}
	}
	if e := (Score{}).Elo(); e != 0 {
		t.Errorf("empty Elo = %v, want 0", e)
	}
	if e := (Score{Draws: 10}).ErrorBar(); e != 0 {
		t.Errorf("all-draws ErrorBar = %v, want 0", e)
	}
	if l := (Score{Draws: 10}).LOS(); l != 0.5 {
		t.Errorf("all-draws LOS = %v, want 0.5", l)
	}
	// 9 wins 1 loss: the interval s ± 1.96σ reaches past 1, error is +Inf.
	if e := (Score{Wins: 9, Losses: 1}).ErrorBar(); !math.IsInf(e, 1) {
		t.Errorf("9/0/1 ErrorBar = %v, want +Inf", e)
	}

	for _, p := range []Penta{{}, {0, 0, 7, 0, 0}, {0, 0, 0, 0, 9}, {4, 0, 0, 0, 0}, {1, -2, 3, 0, 0}} {
		for name, v := range map[string]float64{
			"Fraction": p.Fraction(), "Elo": p.Elo(), "ErrorBar": p.ErrorBar(),
		} {
			if math.IsNaN(v) {
				t.Errorf("%v: %s is NaN", p, name)
			}
		}
		if llr := sprt.LLRPenta(p); llr != 0 {
			t.Errorf("%v: LLRPenta = %v, want 0", p, llr)
		}
	}
}

func TestSummary(t *testing.T) {
	sprt := SPRT{Elo0: 0, Elo1: 10, Alpha: 0.05, Beta: 0.05}
	cases := []struct {
		s    Score
		p    Penta
		t    SPRT
		want string
	}{
		{Score{Wins: 60, Draws: 20, Losses: 20}, Penta{}, sprt,
			"Games: 100, W: 60 L: 20 D: 20, score 70.0%, Elo +147.2 ± 66.0, LOS 100.0%, LLR 1.73 [-2.94, 2.94]"},
		{Score{Wins: 60, Draws: 20, Losses: 20}, Penta{}, SPRT{},
			"Games: 100, W: 60 L: 20 D: 20, score 70.0%, Elo +147.2 ± 66.0, LOS 100.0%"},
		{Score{}, Penta{}, SPRT{},
			"Games: 0, W: 0 L: 0 D: 0, score 50.0%, Elo +0.0 ± 0.0, LOS 50.0%"},
		{Score{Wins: 4}, Penta{0, 0, 0, 0, 2}, sprt,
			"Games: 4, W: 4 L: 0 D: 0, score 100.0%, Elo +Inf ± 0.0, LOS 97.7%, Ptnml [0 0 0 0 2], LLR 0.00 [-2.94, 2.94]"},
		// The 350 pairs with 120 win+loss pairs among the 200 scoring 1:
		// W = 70+2*20+120, L = 50+2*10+120, D = 50+70+2*80.
		// mu,e,err,var,n = penta([10,50,200,70,20]): err 14.98;
		// llr(n,mu,var,0,10) = 2.560569; tri(230,280,190) los = 0.974519.
		{Score{Wins: 230, Draws: 280, Losses: 190}, Penta{10, 50, 200, 70, 20}, sprt,
			"Games: 700, W: 230 L: 190 D: 280, score 52.9%, Elo +19.9 ± 15.0, LOS 97.5%, Ptnml [10 50 200 70 20], LLR 2.56 [-2.94, 2.94]"},
	}
	for _, c := range cases {
		if got := Summary(c.s, c.p, c.t); got != c.want {
			t.Errorf("Summary:\n got %q\nwant %q", got, c.want)
		}
	}
}

func FuzzSPRT(f *testing.F) {
	f.Add(60, 20, 20, 0, 0, 0, 0, 0, 0.0, 5.0)
	f.Add(200, 200, 600, 400, 300, 200, 100, 0, 0.0, 5.0) // accept H0, both models
	f.Add(0, 0, 0, 0, 0, 0, 0, 0, 0.0, 5.0)
	f.Add(0, 100, 0, 0, 0, 50, 0, 0, 0.0, 5.0)
	f.Add(100, 0, 0, 0, 0, 0, 0, 50, -5.0, 0.0)
	f.Add(0, 0, 7, 7, 0, 0, 0, 0, 0.0, 2.0)
	f.Add(1234, 2345, 1111, 10, 50, 200, 70, 20, 0.5, 2.5)
	f.Add(-3, 5, math.MaxInt, -1, math.MaxInt, 2, 3, math.MinInt, 0.0, 1e308)
	f.Add(1, math.MaxInt/2, 0, 0, 1, math.MaxInt/2, 0, 0, 0.0, 5.0)
	f.Fuzz(func(t *testing.T, w, d, l, p0, p1, p2, p3, p4 int, elo0, elo1 float64) {
		s := Score{Wins: w, Draws: d, Losses: l}
		p := Penta{p0, p1, p2, p3, p4}
		for _, sprt := range []SPRT{
			{Elo0: elo0, Elo1: elo1, Alpha: 0.05, Beta: 0.05},
			{Elo0: 0, Elo1: 5, Alpha: 0.05, Beta: 0.05},
		} {
			lower, upper := sprt.Bounds()
			s0, s1 := ScoreFromElo(sprt.Elo0), ScoreFromElo(sprt.Elo1)
			for name, c := range map[string]struct{ llr, fraction float64 }{
				"LLR":      {sprt.LLR(s), s.Fraction()},
				"LLRPenta": {sprt.LLRPenta(p), p.Fraction()},
			} {
				v := c.llr
				if math.IsNaN(v) || math.IsInf(v, 0) {
					t.Fatalf("%s(%+v, %v, %+v) = %v", name, s, p, sprt, v)
				}
				// The LLR leans to H1 exactly when the score is above the
				// midpoint of the two hypotheses' scores.
				if mid := 2*c.fraction - s0 - s1; v != 0 && (v > 0) != (mid > 0) {
					t.Fatalf("%s(%+v, %v, %+v) = %v with score %v against the midpoint %v", name, s, p, sprt, v, c.fraction, (s0+s1)/2)
				}
				want := Continue
				switch {
				case !sprt.Valid():
				case v >= upper:
					want = AcceptH1
				case v <= lower:
					want = AcceptH0
				}
				if dec := sprt.Decide(v); dec != want {
					t.Fatalf("Decide(%v) = %v with bounds [%v, %v], want %v", v, dec, lower, upper, want)
				}
			}
			_ = Summary(s, p, sprt)
		}
		for name, v := range map[string]float64{
			"Fraction": s.Fraction(), "PentaFraction": p.Fraction(),
			"LOS": s.LOS(), "DrawRatio": s.DrawRatio(),
		} {
			if !(v >= 0 && v <= 1) {
				t.Fatalf("%s(%+v, %v) = %v, want in [0, 1]", name, s, p, v)
			}
		}
		for name, v := range map[string]float64{
			"Elo": s.Elo(), "ErrorBar": s.ErrorBar(), "PentaElo": p.Elo(), "PentaErrorBar": p.ErrorBar(),
		} {
			if math.IsNaN(v) {
				t.Fatalf("%s(%+v, %v) is NaN", name, s, p)
			}
		}
		if s.ErrorBar() < 0 || p.ErrorBar() < 0 {
			t.Fatalf("negative error bar for %+v %v", s, p)
		}
	})
}

func TestNoAllocs(t *testing.T) {
	s := Score{Wins: 1234, Draws: 2345, Losses: 1111}
	p := Penta{10, 50, 200, 70, 20}
	sprt := SPRT{Elo0: 0, Elo1: 5, Alpha: 0.05, Beta: 0.05}
	var sink float64
	allocs := testing.AllocsPerRun(100, func() {
		sink += s.Elo() + s.ErrorBar() + s.LOS() + p.Elo() + p.ErrorBar()
		sink += sprt.LLR(s) + sprt.LLRPenta(p)
		sink += float64(sprt.Decide(sink))
	})
	if allocs != 0 {
		t.Errorf("statistics allocate %v times per run, want 0", allocs)
	}
}
