// SceneRenderer: draws a Scene's nodes and edges with the project's shaders
// (shaders/*.vert, *.frag, embedded at build time) into an offscreen framebuffer.
// Labels are not drawn here: the window draws them with ImGui over the image,
// export_png() rasterises them into the exported file.
//
// Needs a current OpenGL 3.3 core context with glad loaded (gladLoadGL).
// The texture's first row is the image's TOP row, so ImGui::Image(tex, size)
// shows it the right way up with the default uv0 = (0,0), uv1 = (1,1).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "render/scene.hpp"

namespace scanviz::render {

struct RenderStats {
    int nodes_drawn = 0;   // after culling
    int edges_drawn = 0;
};

class SceneRenderer {
public:
    SceneRenderer() = default;
    ~SceneRenderer();
    SceneRenderer(const SceneRenderer&) = delete;
    SceneRenderer& operator=(const SceneRenderer&) = delete;

    // Compiles the shaders and creates the buffers. False with a message on failure.
    bool init(std::string* error);
    bool initialized() const { return program_nodes_ != 0; }

    // Draws nodes then edges (edges on top) into a width_px x height_px offscreen
    // framebuffer, culling what lies outside the view. Returns the colour texture
    // id (GL_TEXTURE_2D, RGBA8), valid until the next render() or shutdown();
    // 0 when not initialised or the size is invalid. Restores the framebuffer,
    // viewport, program, VAO and blend state it changed.
    unsigned render(const Scene& scene, const Camera& camera, int width_px, int height_px);

    // Pixels of the last render(), RGBA8, top row first; sets w and h.
    std::vector<uint8_t> read_rgba(int& w, int& h);

    // Largest image side the driver's framebuffer accepts.
    int max_size() const { return max_size_; }
    const RenderStats& stats() const { return stats_; }

    void shutdown();

private:
    bool ensure_target(int width_px, int height_px);

    unsigned program_nodes_ = 0, program_edges_ = 0;
    unsigned vao_nodes_ = 0, vao_edges_ = 0;
    unsigned quad_vbo_ = 0, node_vbo_ = 0, edge_vbo_ = 0;
    unsigned fbo_ = 0, color_tex_ = 0;
    int fbo_w_ = 0, fbo_h_ = 0;
    int max_size_ = 0;
    int u_nodes_camera_ = -1, u_nodes_viewport_ = -1, u_edges_camera_ = -1, u_edges_viewport_ = -1;
    RenderStats stats_;
    std::vector<unsigned char> node_staging_, edge_staging_;  // visible instances, GPU layout
};

}  // namespace scanviz::render
