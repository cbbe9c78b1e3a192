// Package train fits eval/nnue networks to training records
// (eval/nnue/record) on the CPU: minibatch Adam, the minibatch split into
// one shard per worker goroutine, then quantisation to the network file's
// integers. It knows the network's layout and the record format, and
// nothing about searching or protocols.
//
// A run is reproducible: the same seed, data and Config.Threads give the
// same network, byte for byte. Each worker sums its shard's gradients in
// a fixed order, and the shards are added in shard order.
package train

import (
	"errors"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"sync"

	"azar/eval/nnue"
	"azar/eval/nnue/record"
	"azar/variants/chess"
)

// Config sets a training run.
type Config struct {
	Hidden    int
	Epochs    int
	BatchSize int
	// LR is Adam's learning rate; it is multiplied by LRDecay after each
	// epoch.
	LR, LRDecay float64
	// Lambda is the weight of the game result in the target, the rest
	// going to the search score: target = λ·result + (1−λ)·σ(score/K).
	Lambda float64
	// SigmoidScale is K, the centipawns that σ(cp/K) maps to ≈ 73 %; the
	// network's prediction is σ(eval/K) too.
	SigmoidScale float64
	// Clip bounds every weight (bullet's 1.98 keeps the quantised feature
	// weights and accumulators well inside int16).
	Clip    float64
	Seed    uint64
	Threads int
	// KeepBest, with validation data, returns the weights of the epoch
	// with the lowest validation loss instead of the last epoch's.
	KeepBest bool
	// OutputScale multiplies the trained network's output before it is
	// quantised (1: unchanged; 0 counts as 1), the correction of
	// docs/nnue.md §6d for a network that reads positions on another
	// scale than the evaluation the search was tuned with.
	OutputScale float64
}

// DefaultConfig is a small network trained briefly.
func DefaultConfig() Config {
	return Config{Hidden: 128, Epochs: 10, BatchSize: 16384, LR: 0.001, LRDecay: 0.9,
		Lambda: 0.5, SigmoidScale: 400, Clip: 1.98, Seed: 1, Threads: 1}
}

func (c *Config) validate() error {
	switch {
	case c.Hidden < 1 || c.Hidden > nnue.MaxHidden:
		return fmt.Errorf("hidden size %d outside 1..%d", c.Hidden, nnue.MaxHidden)
	case c.Epochs < 1 || c.BatchSize < 1 || c.Threads < 1:
		return errors.New("epochs, batch size and threads must be positive")
	case !(c.LR > 0) || !(c.LRDecay > 0) || !(c.SigmoidScale > 0) || !(c.Clip > 0):
		return errors.New("learning rate, decay, sigmoid scale and clip must be positive")
	case !(c.Lambda >= 0 && c.Lambda <= 1):
		return fmt.Errorf("lambda %v outside 0..1", c.Lambda)
	case c.OutputScale < 0 || math.IsNaN(c.OutputScale) || math.IsInf(c.OutputScale, 0):
		return fmt.Errorf("output scale %v: want a positive factor", c.OutputScale)
	}
	return nil
}

// Sample is one training position as the trainer keeps it in memory: the
// packed board, the score and result from the side to move's view.
type Sample struct {
	occ    chess.Bitboard
	pieces [16]byte // 4-bit codes as in the record
	score  int16    // side to move's view
	result uint8    // side to move's view: 0 loss, 1 draw, 2 win
	stm    chess.Color
	// ply is 2·fullmove + side to move: it grows within a game, so that
	// SplitByGame can tell where the next game of a file begins.
	ply uint16
}

// SampleOf converts a record.
func SampleOf(r *record.Record) Sample {
	s := Sample{occ: r.Occupied, score: r.Score, result: r.Result, stm: r.Side,
		ply: uint16(min(65535, 2*int(r.FullMove)+int(r.Side)))}
	for i, pc := range r.Pieces[:r.PieceCount()] {
		s.pieces[i/2] |= byte(pc) << (4 * (i & 1))
	}
	if r.Side == chess.Black {
		s.score = -s.score
		s.result = 2 - s.result
	}
	return s
}

// ReadSamples reads every record from r (at most limit when limit > 0).
func ReadSamples(r io.Reader, limit int) ([]Sample, error) {
	rd := record.NewReader(r)
	var out []Sample
	for limit <= 0 || len(out) < limit {
		rec, err := rd.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, err
		}
		out = append(out, SampleOf(&rec))
	}
	if len(out) == 0 {
		return nil, errors.New("no training records")
	}
	return out, nil
}

// features lists the sample's input features for the side to move (us)
// and the opponent (them).
func (s *Sample) features(us, them *[32]int32) int {
	n := 0
	occ := s.occ
	for occ != 0 {
		sq := occ.PopLSB()
		pc := chess.Piece(s.pieces[n/2] >> (4 * (n & 1)) & 15)
		us[n] = int32(nnue.Feature(s.stm, pc, sq))
		them[n] = int32(nnue.Feature(s.stm.Other(), pc, sq))
		n++
	}
	return n
}

// target is the blend of result and score the prediction is fitted to.
func (s *Sample) target(lambda, k float64) float64 {
	return lambda*float64(s.result)/2 + (1-lambda)*sigmoid(float64(s.score)/k)
}

func sigmoid(x float64) float64 { return 1 / (1 + math.Exp(-x)) }

// model is the float network: params holds, in order, the feature weights
// [768][N], the feature bias [N], the output weights [2N], the output bias.
type model struct {
	hidden int
	params []float32
}

func (m *model) offsets() (b1, w2, b2 int) {
	h := m.hidden
	return nnue.Inputs * h, nnue.Inputs*h + h, nnue.Inputs*h + 3*h
}

func newModel(hidden int, r *rand.Rand) *model {
	m := &model{hidden: hidden, params: make([]float32, nnue.Inputs*hidden+3*hidden+1)}
	b1, w2, b2 := m.offsets()
	// About 30 pieces are on the board: rows of ±0.1 put the accumulators
	// across SCReLU's [0, 1] range at the start.
	for i := range m.params[:b1] {
		m.params[i] = float32(r.Float64()*0.2 - 0.1)
	}
	a := 1 / math.Sqrt(float64(2*hidden))
	for i := w2; i < b2; i++ {
		m.params[i] = float32((r.Float64()*2 - 1) * a)
	}
	return m
}

// Epoch reports one finished epoch: the mean loss over its minibatches
// and, with validation data, the float network's loss on it after the
// epoch (NaN without); Best marks the lowest validation loss so far.
type Epoch struct {
	N             int
	Loss, ValLoss float64
	Best          bool
}

// Train fits a network to data and returns it quantised. progress, if not
// nil, is called after each epoch.
func Train(cfg Config, data []Sample, progress func(Epoch)) (*nnue.Network, error) {
	return TrainValidated(cfg, data, nil, progress)
}

// TrainValidated is Train that also measures the loss on val after each
// epoch. val is only ever evaluated, never trained on: the network is the
// same as without it, unless cfg.KeepBest picks an earlier epoch's.
func TrainValidated(cfg Config, data, val []Sample, progress func(Epoch)) (*nnue.Network, error) {
	m, err := fit(cfg, data, val, progress)
	if err != nil {
		return nil, err
	}
	if f := float32(cfg.OutputScale); f != 0 && f != 1 {
		// The output layer is linear: scaling its weights and bias
		// scales the output.
		_, w2, _ := m.offsets()
		for i := w2; i < len(m.params); i++ {
			m.params[i] *= f
		}
	}
	return quantise(m)
}

// fit is the training loop; it returns the float model.
func fit(cfg Config, data, val []Sample, progress func(Epoch)) (*model, error) {
	if err := cfg.validate(); err != nil {
		return nil, err
	}
	if len(data) == 0 {
		return nil, errors.New("no training samples")
	}
	r := rand.New(rand.NewPCG(cfg.Seed, 0x4E4E5545))
	m := newModel(cfg.Hidden, r)
	t := newTrainer(m, cfg)
	order := make([]int, len(data))
	for i := range order {
		order[i] = i
	}
	var best []float32
	bestLoss := math.Inf(1)
	lr := cfg.LR
	for e := 1; e <= cfg.Epochs; e++ {
		r.Shuffle(len(order), func(i, j int) { order[i], order[j] = order[j], order[i] })
		var sum float64
		batches := 0
		for lo := 0; lo < len(order); lo += cfg.BatchSize {
			batch := order[lo:min(lo+cfg.BatchSize, len(order))]
			sum += t.step(data, batch, lr)
			batches++
		}
		lr *= cfg.LRDecay
		ep := Epoch{N: e, Loss: sum / float64(batches), ValLoss: math.NaN()}
		if len(val) > 0 {
			ep.ValLoss = m.loss(val, cfg.Lambda, cfg.SigmoidScale)
			if ep.Best = ep.ValLoss < bestLoss; ep.Best {
				bestLoss = ep.ValLoss
				if cfg.KeepBest {
					best = append(best[:0], m.params...)
				}
			}
		}
		if progress != nil {
			progress(ep)
		}
	}
	if best != nil {
		copy(m.params, best)
	}
	return m, nil
}

// Loss is the mean squared error of a quantised network's predictions
// over data, for reports and tests.
func Loss(net *nnue.Network, data []Sample, lambda, k float64) float64 {
	var sum float64
	for i := range data {
		s := &data[i]
		p, err := s.position()
		if err != nil {
			continue
		}
		d := sigmoid(float64(net.Evaluate(p))/k) - s.target(lambda, k)
		sum += d * d
	}
	return sum / float64(len(data))
}

// position rebuilds the sample's board (without castling or en passant,
// which the network does not see).
func (s *Sample) position() (*chess.Position, error) {
	var rec record.Record
	rec.Occupied = s.occ
	for i := 0; i < s.occ.Count(); i++ {
		rec.Pieces[i] = chess.Piece(s.pieces[i/2] >> (4 * (i & 1)) & 15)
	}
	rec.Side, rec.EP, rec.FullMove = s.stm, chess.NoSquare, 1
	return chess.ParseFENLoose(rec.FEN())
}

// trainer holds the optimiser state and each worker's gradient buffer.
type trainer struct {
	m     *model
	cfg   Config
	grads [][]float32 // one per worker, same layout as params
	mom   []float32   // Adam's first moment
	vel   []float32   // Adam's second moment
	steps int
	// scratch per worker: accumulators and their gradients
	work []workerScratch
}

type workerScratch struct {
	accU, accT, dU, dT []float32
	loss               float64
}

func newTrainer(m *model, cfg Config) *trainer {
	t := &trainer{m: m, cfg: cfg, mom: make([]float32, len(m.params)), vel: make([]float32, len(m.params))}
	t.grads = make([][]float32, cfg.Threads)
	t.work = make([]workerScratch, cfg.Threads)
	h := m.hidden
	for i := range t.grads {
		t.grads[i] = make([]float32, len(m.params))
		t.work[i] = workerScratch{accU: make([]float32, h), accT: make([]float32, h), dU: make([]float32, h), dT: make([]float32, h)}
	}
	return t
}

// step runs one minibatch: gradients in parallel shards, then the Adam
// update in parallel parameter ranges. It returns the batch's mean loss.
func (t *trainer) step(data []Sample, batch []int, lr float64) float64 {
	n := t.cfg.Threads
	var wg sync.WaitGroup
	for w := 0; w < n; w++ {
		lo, hi := len(batch)*w/n, len(batch)*(w+1)/n
		wg.Add(1)
		go func() {
			defer wg.Done()
			t.gradients(w, data, batch[lo:hi])
		}()
	}
	wg.Wait()
	var loss float64
	for w := range t.work {
		loss += t.work[w].loss
	}
	t.steps++
	scale := float32(1 / float64(len(batch)))
	const beta1, beta2, eps = 0.9, 0.999, 1e-8
	corr1 := 1 - math.Pow(beta1, float64(t.steps))
	corr2 := 1 - math.Pow(beta2, float64(t.steps))
	alpha := float32(lr * math.Sqrt(corr2) / corr1)
	clip := float32(t.cfg.Clip)
	p := t.m.params
	for w := 0; w < n; w++ {
		lo, hi := len(p)*w/n, len(p)*(w+1)/n
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := lo; i < hi; i++ {
				var g float32
				for _, gr := range t.grads {
					g += gr[i]
					gr[i] = 0
				}
				g *= scale
				t.mom[i] = beta1*t.mom[i] + (1-beta1)*g
				t.vel[i] = beta2*t.vel[i] + (1-beta2)*g*g
				v := p[i] - alpha*t.mom[i]/(float32(math.Sqrt(float64(t.vel[i])))+eps)
				p[i] = max(-clip, min(clip, v))
			}
		}()
	}
	wg.Wait()
	return loss / float64(len(batch))
}

// gradients adds the loss gradients of the shard's samples into worker
// w's buffer.
func (t *trainer) gradients(w int, data []Sample, shard []int) {
	m := t.m
	h := m.hidden
	b1, w2, b2 := m.offsets()
	p, g := m.params, t.grads[w]
	sc := &t.work[w]
	sc.loss = 0
	k := t.cfg.SigmoidScale
	var us, them [32]int32
	for _, idx := range shard {
		s := &data[idx]
		nf := s.features(&us, &them)
		y := m.forward(&us, &them, nf, sc.accU, sc.accT)
		ow := p[w2 : w2+2*h]
		pred := sigmoid(y * nnue.Scale / k)
		diff := pred - s.target(t.cfg.Lambda, k)
		sc.loss += diff * diff
		gy := float32(2 * diff * pred * (1 - pred) * nnue.Scale / k)
		g[b2] += gy
		gw := g[w2 : w2+2*h]
		gb := g[b1 : b1+h]
		for j := 0; j < h; j++ {
			au, at := sc.accU[j], sc.accT[j]
			u, v := clamp01(au), clamp01(at)
			gw[j] += gy * u * u
			gw[h+j] += gy * v * v
			var du, dt float32
			if au > 0 && au < 1 {
				du = gy * ow[j] * 2 * au
			}
			if at > 0 && at < 1 {
				dt = gy * ow[h+j] * 2 * at
			}
			sc.dU[j], sc.dT[j] = du, dt
			gb[j] += du + dt
		}
		for _, f := range us[:nf] {
			addTo(g[int(f)*h:int(f)*h+h], sc.dU)
		}
		for _, f := range them[:nf] {
			addTo(g[int(f)*h:int(f)*h+h], sc.dT)
		}
	}
}

// forward is the float network's output in units of nnue.Scale
// centipawns for a sample's features, leaving its accumulators in accU
// and accT.
func (m *model) forward(us, them *[32]int32, nf int, accU, accT []float32) float64 {
	h := m.hidden
	b1, w2, b2 := m.offsets()
	p := m.params
	copy(accU, p[b1:b1+h])
	copy(accT, p[b1:b1+h])
	for _, f := range us[:nf] {
		addTo(accU, p[int(f)*h:int(f)*h+h])
	}
	for _, f := range them[:nf] {
		addTo(accT, p[int(f)*h:int(f)*h+h])
	}
	ow := p[w2 : w2+2*h]
	y := float64(p[b2])
	for j := 0; j < h; j++ {
		u, v := clamp01(accU[j]), clamp01(accT[j])
		y += float64(u*u*ow[j] + v*v*ow[h+j])
	}
	return y
}

// evaluate is the float network's score of a sample in centipawns, side
// to move's view, as nnue.Network.Evaluate is the quantised one's.
func (m *model) evaluate(s *Sample) float64 {
	var us, them [32]int32
	nf := s.features(&us, &them)
	accU, accT := make([]float32, m.hidden), make([]float32, m.hidden)
	return m.forward(&us, &them, nf, accU, accT) * nnue.Scale
}

// loss is the float network's mean squared error over data, the loss the
// training minimises.
func (m *model) loss(data []Sample, lambda, k float64) float64 {
	var us, them [32]int32
	accU, accT := make([]float32, m.hidden), make([]float32, m.hidden)
	var sum float64
	for i := range data {
		s := &data[i]
		nf := s.features(&us, &them)
		d := sigmoid(m.forward(&us, &them, nf, accU, accT)*nnue.Scale/k) - s.target(lambda, k)
		sum += d * d
	}
	return sum / float64(len(data))
}

func addTo(dst, src []float32) {
	src = src[:len(dst)]
	for i := range dst {
		dst[i] += src[i]
	}
}

func clamp01(x float32) float32 { return max(0, min(1, x)) }

// quantise turns the float model into the network file's integers.
func quantise(m *model) (*nnue.Network, error) {
	h := m.hidden
	b1, w2, b2 := m.offsets()
	q := func(src []float32, f float64) []int16 {
		out := make([]int16, len(src))
		for i, v := range src {
			out[i] = int16(max(math.MinInt16, min(math.MaxInt16, math.Round(float64(v)*f))))
		}
		return out
	}
	return nnue.NewNetwork(h, q(m.params[:b1], nnue.QA), q(m.params[b1:w2], nnue.QA), q(m.params[w2:b2], nnue.QB),
		int32(math.Round(float64(m.params[b2])*nnue.QA*nnue.QB)))
}
