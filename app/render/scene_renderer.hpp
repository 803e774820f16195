// SceneRenderer: draws a figure::Scene's nodes and edges with the project's shaders
// (shaders/*.vert, *.frag, embedded at build time) into an offscreen framebuffer.
// Instanced draws, one instance per node and per edge (piece); the vertex shaders
// pull each instance's data from one buffer texture uploaded once per frame.
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

#include "core/figure/scene.hpp"

namespace scanviz::render {

struct RenderStats {
    int nodes_drawn = 0;  // after culling
    int edges_drawn = 0;
    int edge_pieces = 0;     // edges are clipped to the view and cut into pieces for drawing
    long frames_drawn = 0;   // render() calls that drew
    long frames_reused = 0;  // render() calls that found scene and camera unchanged and kept the image
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
    // framebuffer, culling what lies outside the view. When scene, camera and size
    // are the same as the last call's (by a hash of their contents) it keeps the
    // image and only returns the texture. Returns the colour texture
    // id (GL_TEXTURE_2D, RGBA8), valid until the next render() or shutdown();
    // 0 when not initialised or the size is invalid. Restores the framebuffer,
    // viewport, program, VAO and blend state it changed.
    unsigned render(const figure::Scene& scene, const figure::Camera& camera, int width_px, int height_px);

    // Pixels of the last render(), RGBA8, top row first; sets w and h.
    std::vector<uint8_t> read_rgba(int& w, int& h);

    // Largest image side the driver's framebuffer accepts.
    int max_size() const { return max_size_; }
    const RenderStats& stats() const { return stats_; }

    void shutdown();

private:
    bool ensure_target(int width_px, int height_px);

    // Draws `count` items (2 RGBA32UI texels each) as instances of `vertices` vertices:
    // from item `first` of the buffer when `uploaded`, else uploading `data` in chunks.
    void draw_items(int u_first, bool uploaded, size_t first, const uint32_t* data, size_t count,
                    int vertices);

    unsigned program_nodes_ = 0, program_edges_ = 0;
    unsigned vao_ = 0;
    // Uploads `bytes` to the start of buffer_ (bound to GL_TEXTURE_BUFFER), growing it when needed.
    void upload(const void* data, size_t bytes);

    unsigned buffer_ = 0,
             texture_ = 0;  // the frame's items and the buffer texture that shows them to the shaders
    unsigned fbo_ = 0, color_tex_ = 0;
    int fbo_w_ = 0, fbo_h_ = 0;
    int max_size_ = 0;
    int max_texels_ = 0;
    size_t buffer_capacity_ = 0;  // bytes
    int u_nodes_camera_ = -1, u_nodes_viewport_ = -1, u_nodes_first_ = -1;
    int u_edges_camera_ = -1, u_edges_viewport_ = -1, u_edges_first_ = -1;
    uint64_t last_key_ = 0;  // hash of the last frame drawn (scene, camera, size)
    bool has_last_ = false;
    RenderStats stats_;
    std::vector<uint32_t> node_staging_, edge_staging_,
        plain_staging_;  // visible items, 8 words each (2 texels)
};

}  // namespace scanviz::render
