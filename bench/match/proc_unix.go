//go:build unix

package match

import (
	"os/exec"
	"syscall"
)

// setProcessGroup puts the engine in its own process group, so that a
// wrapper script's children die with it and the terminal's Ctrl-C reaches
// only the runner, which then quits the engines in order.
func setProcessGroup(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
}

// killProcess kills the engine's whole process group.
func killProcess(cmd *exec.Cmd) {
	if cmd.Process == nil {
		return
	}
	if err := syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL); err != nil {
		_ = cmd.Process.Kill()
	}
}
