// Package stats owns the statistics of a match between two players: win /
// draw / loss counts, pentanomial pair counts, Elo estimates with 95% error
// bars, likelihood of superiority, the draw ratio, a sequential probability
// ratio test (SPRT) and a one-line human summary.
//
// It knows nothing about chess, engines, openings or time controls: callers
// feed it game outcomes seen from the first player's point of view and read
// numbers back. Everything is plain value types and float64 arithmetic from
// the standard library; no function allocates except Summary, which builds
// its string.
//
// Elo here is always logistic Elo: a score fraction s in (0, 1) corresponds
// to an Elo difference of -400*log10(1/s - 1), and back through
// 1/(1 + 10^(-elo/400)).
//
// Degenerate inputs (no games, zero variance, negative counts) never yield
// NaN or panics: they yield neutral values, documented on each function. A
// perfect or null score does give an infinite Elo, which is the honest
// answer.
package stats

import (
	"math"
	"strconv"
)

// z95 is the two-sided 95% quantile of the standard normal distribution
// (the "1.96" of the usual error bars), Φ⁻¹(0.975).
const z95 = 1.959963984540054

// Outcome is the result of one game seen from the first player's side.
// Its value is the number of half points the first player scored.
type Outcome int8

// Game outcomes for the first player.
const (
	Loss Outcome = 0
	Draw Outcome = 1
	Win  Outcome = 2
)

// Valid reports whether o is one of Loss, Draw or Win.
func (o Outcome) Valid() bool { return o >= Loss && o <= Win }

// String returns "loss", "draw", "win" or "invalid".
func (o Outcome) String() string {
	switch o {
	case Loss:
		return "loss"
	case Draw:
		return "draw"
	case Win:
		return "win"
	}
	return "invalid"
}

// EloFromScore converts a score fraction to a logistic Elo difference,
// -400*log10(1/s - 1). It returns -Inf for s <= 0 and +Inf for s >= 1.
func EloFromScore(s float64) float64 {
	switch {
	case s <= 0:
		return math.Inf(-1)
	case s >= 1:
		return math.Inf(1)
	}
	return 400 * math.Log10(s/(1-s)) // = -400*log10(1/s - 1); +0 at s = 1/2
}

// ScoreFromElo converts a logistic Elo difference to the expected score
// fraction, 1/(1 + 10^(-elo/400)).
func ScoreFromElo(elo float64) float64 {
	return 1 / (1 + math.Pow(10, -elo/400))
}

// Score holds the win, draw and loss counts of a match from the first
// player's point of view. The zero value is an empty match. Counts are
// expected to be non-negative; a Score with a negative count is treated as
// empty by every method except Games.
type Score struct {
	Wins, Draws, Losses int
}

// Add records one game. Invalid outcomes are ignored.
func (s *Score) Add(o Outcome) {
	switch o {
	case Win:
		s.Wins++
	case Draw:
		s.Draws++
	case Loss:
		s.Losses++
	}
}

// Games returns Wins + Draws + Losses.
func (s Score) Games() int { return s.Wins + s.Draws + s.Losses }

// counts returns the counts in score order (loss, draw, win) and whether the
// Score is usable (all counts non-negative, at least one game).
func (s Score) counts() ([3]int, bool) {
	c := [3]int{s.Losses, s.Draws, s.Wins}
	ok := s.Wins >= 0 && s.Draws >= 0 && s.Losses >= 0 && (s.Wins|s.Draws|s.Losses) != 0
	return c, ok
}

// Fraction returns the score fraction (Wins + Draws/2) / Games, in [0, 1].
// An empty match counts as an even score, 0.5.
func (s Score) Fraction() float64 {
	c, ok := s.counts()
	if !ok {
		return 0.5
	}
	_, mu, _ := moments(c[:])
	return mu
}

// DrawRatio returns Draws / Games, or 0 for an empty match.
func (s Score) DrawRatio() float64 {
	if _, ok := s.counts(); !ok {
		return 0
	}
	return float64(s.Draws) / (float64(s.Wins) + float64(s.Draws) + float64(s.Losses))
}

// Elo returns the logistic Elo difference of the score fraction (see
// EloFromScore): 0 for an empty match, ±Inf for a perfect or null score.
func (s Score) Elo() float64 { return EloFromScore(s.Fraction()) }

// ErrorBar returns the half width of the 95% confidence interval of Elo,
// computed the way cutechess-cli does from the trinomial model: σ is the
// standard deviation of the per-game score (0, 1/2 or 1) divided by
// sqrt(Games), and the error is (elo(s + 1.96σ) - elo(s - 1.96σ)) / 2 where
// s is the score fraction. It returns 0 for an empty match or when all
// games had the same result, and +Inf when the interval reaches a score of 0
// or 1.
func (s Score) ErrorBar() float64 {
	c, ok := s.counts()
	if !ok {
		return 0
	}
	return errorBar(c[:])
}

// LOS returns the likelihood of superiority, the probability that the first
// player is the stronger one given the decisive games:
// 0.5 * (1 + erf((W - L) / sqrt(2(W + L)))). It returns 0.5 when there are
// no decisive games.
func (s Score) LOS() float64 {
	if _, ok := s.counts(); !ok || s.Wins+s.Losses == 0 {
		return 0.5
	}
	w, l := float64(s.Wins), float64(s.Losses)
	return 0.5 * (1 + math.Erf((w-l)/math.Sqrt(2*(w+l))))
}

// Penta holds pentanomial counts of game pairs: each opening played once
// with each colour gives a pair whose total score for the first player is
// 0, 1/2, 1, 3/2 or 2 points; Penta[i] counts the pairs that scored i half
// points. Counts are expected to be non-negative; a Penta with a negative
// count is treated as empty.
type Penta [5]int

// AddPair records one game pair. If either outcome is invalid the pair is
// ignored.
func (p *Penta) AddPair(first, second Outcome) {
	if !first.Valid() || !second.Valid() {
		return
	}
	p[int(first)+int(second)]++
}

// Pairs returns the number of pairs recorded.
func (p Penta) Pairs() int { return p[0] + p[1] + p[2] + p[3] + p[4] }

func (p Penta) ok() bool {
	nonzero := false
	for _, c := range p {
		if c < 0 {
			return false
		}
		nonzero = nonzero || c != 0
	}
	return nonzero
}

// Fraction returns the score fraction over all pairs, in [0, 1]; 0.5 when
// there are no pairs.
func (p Penta) Fraction() float64 {
	if !p.ok() {
		return 0.5
	}
	_, mu, _ := moments(p[:])
	return mu
}

// Elo returns the logistic Elo difference of the pair score fraction: 0 for
// no pairs, ±Inf for a perfect or null score.
func (p Penta) Elo() float64 { return EloFromScore(p.Fraction()) }

// ErrorBar returns the half width of the 95% confidence interval of Elo
// from the pentanomial model, as fastchess does: σ is the standard
// deviation of the per-pair score fraction (0, 1/4, 1/2, 3/4 or 1) divided
// by sqrt(Pairs), and the error is (elo(s + 1.96σ) - elo(s - 1.96σ)) / 2.
// Same degenerate values as Score.ErrorBar.
func (p Penta) ErrorBar() float64 {
	if !p.ok() {
		return 0
	}
	return errorBar(p[:])
}

// moments returns the sample size n, mean and (population) variance of a
// distribution over the evenly spaced values 0, 1/(k-1), ..., 1 where
// counts[i] is how often value i/(k-1) occurred. counts must be
// non-negative with a positive sum, and len(counts) >= 2.
func moments(counts []int) (n, mu, variance float64) {
	step := 1 / float64(len(counts)-1)
	for i, c := range counts {
		n += float64(c)
		mu += float64(c) * float64(i) * step
	}
	mu /= n
	for i, c := range counts {
		d := float64(i)*step - mu
		variance += float64(c) * d * d
	}
	variance /= n
	if mu > 1 { // guard rounding; mean of values in [0, 1]
		mu = 1
	}
	return n, mu, variance
}

// errorBar maps mu ± 1.96σ (σ = stdev/sqrt(n)) through EloFromScore and
// returns half the width. Requires counts as for moments.
func errorBar(counts []int) float64 {
	n, mu, v := moments(counts)
	sigma := math.Sqrt(v / n)
	if !(sigma > 0) {
		return 0
	}
	e := (EloFromScore(mu+z95*sigma) - EloFromScore(mu-z95*sigma)) / 2
	if math.IsNaN(e) { // both ends clamped to the same infinity by rounding
		return math.Inf(1)
	}
	return e
}

// Decision is the verdict of an SPRT.
type Decision int8

// SPRT verdicts.
const (
	Continue Decision = iota // keep playing
	AcceptH0                 // the Elo difference is at most Elo0: stop, reject the change
	AcceptH1                 // the Elo difference is at least Elo1: stop, accept the change
)

// String returns "continue", "accept H0" or "accept H1".
func (d Decision) String() string {
	switch d {
	case AcceptH0:
		return "accept H0"
	case AcceptH1:
		return "accept H1"
	}
	return "continue"
}

// SPRT is a sequential probability ratio test of H0: elo = Elo0 against
// H1: elo = Elo1, with Elo0 and Elo1 in logistic Elo (not normalized Elo,
// not BayesElo), Alpha the false positive rate and Beta the false negative
// rate.
//
// The log-likelihood ratio is the GSPRT normal approximation used by
// fishtest's LLR_logistic and OpenBench: with N samples (games, or pairs
// for the pentanomial model) of per-sample score fraction x having mean μ
// and variance σ², and s0 = ScoreFromElo(Elo0), s1 = ScoreFromElo(Elo1),
//
//	LLR = N · (s1 - s0) · (2μ - s0 - s1) / (2σ²).
//
// The counts are used as observed, without regularization.
type SPRT struct {
	Elo0, Elo1  float64
	Alpha, Beta float64
}

// Valid reports whether the test is well formed: finite Elo0 < Elo1,
// 0 < Alpha, 0 < Beta and Alpha + Beta < 1 (so lower < 0 < upper).
func (t SPRT) Valid() bool {
	return !math.IsInf(t.Elo0, 0) && !math.IsInf(t.Elo1, 0) && t.Elo0 < t.Elo1 &&
		t.Alpha > 0 && t.Beta > 0 && t.Alpha+t.Beta < 1
}

// Bounds returns the LLR stopping bounds, lower = ln(Beta/(1-Alpha)) and
// upper = ln((1-Beta)/Alpha). For an invalid test it returns (-Inf, +Inf),
// which never stop.
func (t SPRT) Bounds() (lower, upper float64) {
	if !t.Valid() {
		return math.Inf(-1), math.Inf(1)
	}
	return math.Log(t.Beta / (1 - t.Alpha)), math.Log((1 - t.Beta) / t.Alpha)
}

// LLR returns the log-likelihood ratio from trinomial (win/draw/loss)
// counts, one sample per game with score 0, 1/2 or 1. It returns 0 for an
// invalid test, no games, or zero variance (e.g. all draws).
func (t SPRT) LLR(s Score) float64 {
	c, ok := s.counts()
	if !ok {
		return 0
	}
	return t.llr(c[:])
}

// LLRPenta returns the log-likelihood ratio from pentanomial counts, one
// sample per pair with score fraction 0, 1/4, 1/2, 3/4 or 1. It returns 0
// for an invalid test, no pairs, or zero variance.
func (t SPRT) LLRPenta(p Penta) float64 {
	if !p.ok() {
		return 0
	}
	return t.llr(p[:])
}

func (t SPRT) llr(counts []int) float64 {
	if !t.Valid() {
		return 0
	}
	n, mu, v := moments(counts)
	if !(v > 0) {
		return 0
	}
	s0, s1 := ScoreFromElo(t.Elo0), ScoreFromElo(t.Elo1)
	r := n * (s1 - s0) * (2*mu - s0 - s1) / (2 * v)
	if math.IsNaN(r) || math.IsInf(r, 0) {
		return 0
	}
	return r
}

// Decide returns AcceptH1 when llr >= upper, AcceptH0 when llr <= lower,
// and Continue otherwise (including for an invalid test or a NaN llr).
func (t SPRT) Decide(llr float64) Decision {
	if !t.Valid() {
		return Continue
	}
	lower, upper := t.Bounds()
	switch {
	case llr >= upper:
		return AcceptH1
	case llr <= lower:
		return AcceptH0
	}
	return Continue
}

// Summary formats one line describing a match:
//
//	Games: 100, W: 60 L: 20 D: 20, score 70.0%, Elo +147.2 ± 70.3, LOS 100.0%, LLR 2.95 [-2.94, 2.94]
//
// Score, Elo, LOS come from s. If p holds any pairs, the error bar and LLR
// come from the pentanomial model and ", Ptnml [a b c d e]" is inserted
// after the LOS; otherwise they come from the trinomial model. The LLR part
// ", LLR x [lower, upper]" appears only when t is valid. Percentages have one
// decimal, Elo and error bar one decimal (Elo always signed), LLR and
// bounds two decimals. Infinite values print as +Inf / -Inf.
func Summary(s Score, p Penta, t SPRT) string {
	var buf [192]byte
	b := buf[:0]
	b = append(b, "Games: "...)
	b = strconv.AppendInt(b, int64(s.Games()), 10)
	b = append(b, ", W: "...)
	b = strconv.AppendInt(b, int64(s.Wins), 10)
	b = append(b, " L: "...)
	b = strconv.AppendInt(b, int64(s.Losses), 10)
	b = append(b, " D: "...)
	b = strconv.AppendInt(b, int64(s.Draws), 10)
	b = append(b, ", score "...)
	b = strconv.AppendFloat(b, 100*s.Fraction(), 'f', 1, 64)
	b = append(b, "%, Elo "...)
	elo := s.Elo()
	if elo >= 0 && !math.IsInf(elo, 1) {
		b = append(b, '+')
	}
	b = strconv.AppendFloat(b, elo, 'f', 1, 64)
	b = append(b, " ± "...)
	penta := p.ok()
	errBar := s.ErrorBar()
	if penta {
		errBar = p.ErrorBar()
	}
	b = strconv.AppendFloat(b, errBar, 'f', 1, 64)
	b = append(b, ", LOS "...)
	b = strconv.AppendFloat(b, 100*s.LOS(), 'f', 1, 64)
	b = append(b, '%')
	if penta {
		b = append(b, ", Ptnml ["...)
		for i, c := range p {
			if i > 0 {
				b = append(b, ' ')
			}
			b = strconv.AppendInt(b, int64(c), 10)
		}
		b = append(b, ']')
	}
	if t.Valid() {
		llr := t.LLR(s)
		if penta {
			llr = t.LLRPenta(p)
		}
		lower, upper := t.Bounds()
		b = append(b, ", LLR "...)
		b = strconv.AppendFloat(b, llr, 'f', 2, 64)
		b = append(b, " ["...)
		b = strconv.AppendFloat(b, lower, 'f', 2, 64)
		b = append(b, ", "...)
		b = strconv.AppendFloat(b, upper, 'f', 2, 64)
		b = append(b, ']')
	}
	return string(b)
}
