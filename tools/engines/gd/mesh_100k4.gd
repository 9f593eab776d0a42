# Writes res://mesh_100k.res (ORACLE_OUT overrides the folder): an ArrayMesh of one
# PRIMITIVE_POINTS surface of 100 000 vertices, saved by Godot 4's own ResourceSaver. Made
# once for the binary resource reader's benchmark (benches/resource.rs) and its tests:
#   bash tools/engines/engines.sh g4 -s "$PWD/tools/engines/gd/mesh_100k4.gd"
# with ORACLE_OUT=$PWD/tests/fixtures/resources/g4 in the environment. Vertex i is
# (i % 1000, floor(i / 1000), i * 0.25): exact in f32, so tests can recompute it.
extends SceneTree

func _init():
	var out = OS.get_environment("ORACLE_OUT")
	if out == "":
		out = "res://"
	var vertices = PackedVector3Array()
	vertices.resize(100000)
	for i in range(100000):
		vertices[i] = Vector3(i % 1000, i / 1000, i * 0.25)
	var arrays = []
	arrays.resize(Mesh.ARRAY_MAX)
	arrays[Mesh.ARRAY_VERTEX] = vertices
	var mesh = ArrayMesh.new()
	mesh.add_surface_from_arrays(Mesh.PRIMITIVE_POINTS, arrays)
	var err = ResourceSaver.save(mesh, out.path_join("mesh_100k.res"))
	print("ORACLE mesh_100k saved err=", err)
	quit()
