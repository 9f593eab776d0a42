# Times Godot 4's ResourceLoader.load (no cache) of each res:// file named in GDV_FILES
# (space-separated), GDV_ROUNDS times each, and prints "TIME-LOAD file bytes microseconds"
# per file: the best round. For docs/BENCHMARKS.md (resources).
extends SceneTree

func _init() -> void:
	var rounds := int(OS.get_environment("GDV_ROUNDS"))
	for name in OS.get_environment("GDV_FILES").split(" ", false):
		var path: String = "res://" + name
		var best := 1 << 62
		for i in rounds:
			var t := Time.get_ticks_usec()
			var r = ResourceLoader.load(path, "", ResourceLoader.CACHE_MODE_IGNORE)
			var dt := Time.get_ticks_usec() - t
			if r == null:
				print("TIME-LOAD-ERROR ", name)
				break
			best = mini(best, dt)
		print("TIME-LOAD %s %d %d" % [name, FileAccess.get_file_as_bytes(path).size(), best])
	quit(0)
